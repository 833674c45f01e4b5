/* The part of autocannon's API the benchmarks use (it ships no types). */
declare module "autocannon" {
  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string;
    }
    interface Options {
      url: string;
      connections?: number;
      duration?: number;
      headers?: Record<string, string>;
      requests?: (Request & { setupRequest?: (req: Request) => Request })[];
    }
    interface Result {
      requests: { average: number; total: number };
      latency: { p50: number; p99: number; average: number };
      non2xx: number;
      errors: number;
    }
  }
  function autocannon(options: autocannon.Options): Promise<autocannon.Result>;
  export default autocannon;
}
