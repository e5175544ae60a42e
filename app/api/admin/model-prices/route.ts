import { route } from "@/lib/server/http/route";
import { AppError } from "@/lib/server/errors";
import { modelPriceDeleteSchema, modelPriceSchema } from "@/lib/schemas/usage-report";
import { deleteModelPrice, listModelPrices, upsertModelPrice } from "@/lib/server/queries/usage-report";
import type { ModelPriceList } from "@/lib/server/present/api-types";

// GET /api/admin/model-prices: every model called or priced, with its price per million tokens (admin only).
export const GET = route({ auth: "admin" }, async (): Promise<ModelPriceList> => ({ prices: await listModelPrices() }));

// PUT /api/admin/model-prices: set a model's price (admin only).
export const PUT = route({ auth: "admin", body: modelPriceSchema }, async ({ body, user }): Promise<ModelPriceList> => {
  await upsertModelPrice({ ...body, updatedById: user.id });
  return { prices: await listModelPrices() };
});

// DELETE /api/admin/model-prices: forget a model's price; its calls then count as unpriced (admin only).
export const DELETE = route({ auth: "admin", body: modelPriceDeleteSchema }, async ({ body }): Promise<ModelPriceList> => {
  if (!(await deleteModelPrice(body.model))) throw new AppError("not_found");
  return { prices: await listModelPrices() };
});
