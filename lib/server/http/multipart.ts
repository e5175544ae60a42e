import "server-only";
import { MULTIPART_OVERHEAD_BYTES } from "@/lib/constants";
import { AppError } from "@/lib/server/errors";

/**
 * Reads a multipart upload whose body cannot exceed `maxFileBytes` plus a little overhead: the
 * declared length is checked before a byte is read (a chunked body, with no length, is refused),
 * then the form is parsed and the named file field required.
 */
export async function readMultipartFile(
  req: Request,
  options: { field: string; maxFileBytes: number; extraBytes?: number; missing: AppError; tooLarge: AppError },
): Promise<{ file: File; form: FormData }> {
  const declared = Number(req.headers.get("content-length"));
  if (!Number.isFinite(declared) || declared <= 0) throw options.missing;
  if (declared > options.maxFileBytes + (options.extraBytes ?? 0) + MULTIPART_OVERHEAD_BYTES) throw options.tooLarge;
  if (!(req.headers.get("content-type") ?? "").startsWith("multipart/form-data")) throw options.missing;
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    throw options.missing;
  }
  const file = form.get(options.field);
  if (!(file instanceof File)) throw options.missing;
  return { file, form };
}
