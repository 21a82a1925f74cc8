// s3rver ships no types: the little of it the tests use (it is a Koa application).
declare module 's3rver' {
  type Middleware = (ctx: { method: string; url: string }, next: () => Promise<void>) => Promise<void>;
  export default class S3rver {
    constructor(options: { address: string; port: number; silent: boolean; directory: string });
    /** Koa's middleware list, composed when the server starts. */
    middleware: Middleware[];
    run(): Promise<import('node:net').AddressInfo>;
    close(): Promise<void>;
  }
}
