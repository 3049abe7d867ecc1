// Cookie names shared by the server and the browser.

export const SESSION_COOKIE = "fb_session";
/** Set by the browser when logout could not reach the server: the session is ignored from then on. */
export const SIGNED_OUT_COOKIE = "fb_signed_out";
/** The family of an invite link (?familyId=…) the visitor arrived through. */
export const INVITE_COOKIE = "fb_invite";
