// `pg` loads from node_modules at run time, as in Family Book, instead of being bundled.
const config = { poweredByHeader: false, serverExternalPackages: ["pg"] };
export default config;
