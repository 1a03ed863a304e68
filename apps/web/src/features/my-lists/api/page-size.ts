/** Items a page in every personal list (notes, playlists, marks, reports). */
export const LIST_PAGE_SIZE = 10;
