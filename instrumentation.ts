// Runs once when a server instance starts: open the database (applying migrations) and start
// the background job workers, so documents left processing by a crash resume without waiting
// for a request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const [{ getDatabase }, { startBackgroundWork }] = await Promise.all([
    import("./lib/server/db/client"),
    import("./lib/server/jobs/register"),
  ]);
  await getDatabase();
  startBackgroundWork();
}
