// The engine's public interface (shared by the in-thread and worker-thread forms).
export interface EngineOptions {
  dataDir: string;
  port?: number /* 0 = free port */;
  host?: string /* 127.0.0.1 */;
  /** How often TTL indexes are swept (default 30 s; mongod uses 60 s). */
  ttlSweepMs?: number;
  /**
   * Run the engine on its own worker thread (default true), so its work (decoding, queries, encoding,
   * journal writes) uses another core than the caller's. false = on the calling thread.
   */
  thread?: boolean;
}

export interface RunningEngine {
  uri: string /* mongodb://127.0.0.1:PORT/ */;
  port: number;
  close(): Promise<void> /* stops accepting, flushes+fsyncs journal, releases lock */;
}
