import { getRequestConfig } from "next-intl/server";

// next-intl's build plugin (next.config.js) needs a request config to exist. Nothing reads it: the
// client's pages hand next-intl's provider their own words (ClientFrame, InEnglish) and no server
// component asks next-intl for any, so it only names the default language.
export default getRequestConfig(() => Promise.resolve({ locale: "en" }));
