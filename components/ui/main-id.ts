/** The id of a page's main landmark, which the skip link goes to: the next Tab starts inside it. */
export const MAIN_ID = "main";
