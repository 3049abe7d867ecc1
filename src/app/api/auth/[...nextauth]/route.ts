// GET|POST /api/auth/{signin,callback,csrf,...} – the Google OAuth exchange, handled by Auth.js
import { googleHandlers } from "@/server/auth/google-provider";

export const { GET, POST } = googleHandlers;
