import type { App } from './app';

/** Work done once at start, after migrations: e.g. loading the demo bank into an empty database. */
export async function runStartupTasks(app: App): Promise<void> {
  void app;
}
