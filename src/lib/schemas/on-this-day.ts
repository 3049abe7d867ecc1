import { z } from "zod";
import { DATE_INVALID } from "./memories";

/** How many memories the dashboard's "On this day" card shows at most. */
export const ON_THIS_DAY_LIMIT = 10;

/**
 * ?date= on GET /api/memories/on-this-day: the viewer's today on their own calendar (the browser
 * knows it, the server does not). Without it, today in UTC.
 */
export const onThisDaySchema = z.object({
  date: z.iso.date(DATE_INVALID).optional().meta({ description: "The viewer's today as YYYY-MM-DD, on their own calendar. Without it, today in UTC." }),
});
