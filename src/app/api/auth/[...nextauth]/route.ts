// GET|POST /api/auth/{signin,callback,csrf,...} – the Google OAuth exchange, handled by Auth.js
import { googleHandlers } from "@/server/auth/google-provider";
import { otherMethods } from "@/server/http/methods";

export const { GET, POST } = googleHandlers;

export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
