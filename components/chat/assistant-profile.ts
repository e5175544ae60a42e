/** Where the owner's assistant (its name and role prompt) is read and saved; also the SWR key. */
export const ASSISTANT_KEY = "/api/assistant";
