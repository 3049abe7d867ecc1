/**
 * Spread on every form that the page's scripts submit (`<form {...handledByScripts} onSubmit={…}>`).
 * A form without an action, submitted before the scripts have run (a tap on Save on a slow phone),
 * would go to the server as a GET of the page itself: its fields — a story, a password — in the
 * address, the server's log and the history, and the page reloaded without them. `method="dialog"`
 * outside a dialog makes that early submission do nothing, so what was typed stays where it is;
 * once the scripts run, onSubmit handles every submission (docs/decisions/018-first-visit.md).
 */
export const handledByScripts = { method: "dialog" } as const;
