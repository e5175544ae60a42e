// A file the parsers refuse, with the reason code the worker reports back to the main thread.
export class ParseFailure extends Error {
  /**
   * @param {"unsupported_type" | "encrypted" | "malformed" | "no_text" | "too_many_entries" | "inflated_too_large" | "too_many_pages" | "too_much_text" | "login_required" | "empty_sheet" | "unreadable_scan" | "image_too_large"} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message);
    this.name = "ParseFailure";
    this.code = code;
  }
}
