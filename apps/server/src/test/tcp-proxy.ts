import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that a test can cut, as a failed network or a stopped database
 * would: open connections are reset and new ones refused until it is restored on the same port.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  async function listen() {
    const s = net.createServer((client) => {
      const upstream = net.connect(target);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        // A reset is what the other side sees; the proxy itself has nothing to report.
        socket.on('error', () => {});
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => s.listen(port, '127.0.0.1', resolve));
    port = (s.address() as net.AddressInfo).port;
    server = s;
  }

  /** Resets every open connection and refuses new ones. */
  async function cut() {
    const s = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
  }

  await listen();
  return {
    get port() {
      return port;
    },
    cut,
    /** Accepts connections again, on the same port. */
    restore: listen,
    close: cut,
  };
}
export type TcpProxy = Awaited<ReturnType<typeof startTcpProxy>>;
