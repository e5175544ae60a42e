import { z } from "zod";

// Zod compiles object parsers with new Function() where it may, and first probes whether it may:
// under the pages' CSP (no 'unsafe-eval') the probe alone is a reported violation. Forms parse
// fine without it. The server, which has no CSP, keeps the compiled parsers. Imported by every
// module that defines or applies a schema, so the pages that use no form carry no zod at all.
if (typeof window !== "undefined") z.config({ jitless: true });
