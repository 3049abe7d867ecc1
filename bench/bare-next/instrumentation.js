// The bare page has nothing to start; this keeps Next from picking up the app's own start-up hook.
export function register() {}
