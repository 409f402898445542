// The engine's public interface (shared by the in-thread and worker-thread forms).
export interface EngineOptions {
  dataDir: string;
  port?: number /* 0 = free port */;
  host?: string /* 127.0.0.1 */;
  /**
   * Listen on this Unix domain socket instead of a TCP port: the file is made owner-only (0600)
   * inside a directory only the owner can enter, so no other local user or process can connect.
   */
  socketPath?: string;
  /** How often TTL indexes are swept (default 30 s; mongod uses 60 s). */
  ttlSweepMs?: number;
  /**
   * Run the engine on its own worker thread, so its work (decoding, queries, encoding, journal writes)
   * can use another core than the caller's. Default false (the calling thread): the thread costs
   * ~0.3 s more start-up and only pays off when the caller has its own work, as the API does.
   */
  thread?: boolean;
  /**
   * Size of one read while loading the snapshot and journal at start-up (default 16 MiB; also
   * ENGINE_READ_CHUNK_BYTES). Only tests change it, to force records across many reads.
   */
  readChunkBytes?: number;
}

export interface RunningEngine {
  uri: string /* mongodb://127.0.0.1:PORT/ or mongodb://%2Fpath%2Fto.sock/ */;
  port: number /* 0 on a Unix socket */;
  close(): Promise<void> /* stops accepting, flushes+fsyncs journal, releases lock */;
}
