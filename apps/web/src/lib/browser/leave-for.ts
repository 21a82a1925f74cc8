/** Leaves the app for another address (an identity provider's sign-in): a full page load, not a route. */
export const leaveFor = (url: string) => window.location.assign(url);
