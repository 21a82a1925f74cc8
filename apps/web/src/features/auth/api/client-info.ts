/** What every sign-in call says about the client (spec: application 'web', device = user agent). */
export const clientInfo = () => ({ application: 'web' as const, device: navigator.userAgent.slice(0, 512) });
