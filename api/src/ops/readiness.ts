// What /api/health/ready checks: the database connection is open, the indexes are ready (the embedded
// engine fills them in the background after start-up and reports when done), and every background
// timer is running. Once the indexes were ready they stay so (no serverStatus per probe after that).
import mongoose from 'mongoose';

export interface ReadyChecks {
  database: boolean;
  indexes: boolean;
  timers: boolean;
}

export function readinessCheck(dbKind: 'embedded' | 'mongodb', timers: () => Record<string, () => boolean> | undefined): () => Promise<ReadyChecks> {
  let indexesReady = dbKind === 'mongodb'; // mongoose built them (Model.init) before the server listened
  return async () => {
    const database = mongoose.connection.readyState === 1;
    if (database && !indexesReady) {
      try {
        const status = await mongoose.connection.db!.admin().command({ serverStatus: 1 });
        indexesReady = typeof status.embedded?.indexesReadyMs === 'number';
      } catch {
        // the database went away between the two checks: not ready this time
      }
    }
    const running = Object.values(timers() ?? {}).every((isRunning) => isRunning());
    return { database, indexes: database && indexesReady, timers: running };
  };
}
