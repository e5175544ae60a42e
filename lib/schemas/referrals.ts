import { z } from "zod";
import "@/lib/zod-jitless";

// POST /api/referrals/process. A code of the wrong shape is simply one that does not exist: the
// server answers "unknown code" for it, in words, rather than a bare validation error.
export const processReferralSchema = z.object({ referralCode: z.string().max(200) }).strict();
