import { afterAll, beforeAll } from "vitest";
import { installTestDatabase } from "./test-database";

let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  drop = (await installTestDatabase()).drop;
});

afterAll(async () => {
  await drop?.();
});
