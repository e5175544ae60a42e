// npm run storage:migrate -- [--delete-local] [--dry-run]
// Moves the uploaded originals under DATA_DIR/files into the bucket named by S3_BUCKET (and the
// other S3_* variables), keeping their keys, so the database's rows find them there. Safe to run
// while the server runs and to run again: objects already in the bucket are skipped.
import { parseArgs } from "node:util";
import { env } from "@/lib/env";
import { copyObjects } from "@/lib/server/storage/copy-objects";
import { localFilesDir, s3ConfigFromEnv } from "@/lib/server/storage/file-store";
import { LocalObjectStore } from "@/lib/server/storage/local-object-store";
import { S3ObjectStore } from "@/lib/server/storage/s3-object-store";

const { values } = parseArgs({ options: { "delete-local": { type: "boolean", default: false }, "dry-run": { type: "boolean", default: false } } });

const config = s3ConfigFromEnv();
if (!config) {
  console.error("storage:migrate: set S3_BUCKET (and S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE as your service needs) first");
  process.exit(1);
}
const source = new LocalObjectStore(localFilesDir());
const target = new S3ObjectStore(config);
try {
  await target.check();
} catch (error) {
  console.error(`storage:migrate: the bucket ${config.bucket} cannot be used: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
console.log(`storage:migrate: ${localFilesDir()} -> s3://${config.bucket}${config.endpoint ? ` at ${config.endpoint}` : ""}${values["dry-run"] ? " (dry run)" : ""}`);
let seen = 0;
const result = await copyObjects(source, target, {
  deleteSource: values["delete-local"],
  dryRun: values["dry-run"],
  onObject: (key, outcome) => {
    seen++;
    if (outcome === "failed") console.error(`  failed: ${key}`);
    else if (seen % 500 === 0) console.log(`  ${seen} files…`);
  },
});
target.destroy();
console.log(`storage:migrate: ${result.copied} copied (${(result.bytes / 1024 / 1024).toFixed(1)} MB), ${result.skipped} already there, ${result.failed.length} failed (DATA_DIR=${env.DATA_DIR})`);
for (const failure of result.failed) console.error(`  ${failure.key}: ${failure.error}`);
process.exit(result.failed.length > 0 ? 1 : 0);
