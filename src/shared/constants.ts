// Business constants of spec section 9.
export const DESCRIPTION_PREVIEW_LENGTH = 100;
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MESSAGE_MAX = 150;
/** Optional +88, 0088 or 01 prefix followed by 11 digits (section 5). */
export const PHONE_PATTERN = /^(?:(?:\+|00)88|01)?\d{11}$/;
/** What the phone boxes show before anything is typed: a number in the form PHONE_PATTERN takes. */
export const PHONE_PLACEHOLDER = '+8801XXXXXXXXX';
/** The longest delivery address an order takes, in characters. */
export const ADDRESS_MAX_LENGTH = 500;
export const ACCESS_TOKEN_KEY = 'accessToken';
export const USER_DATA_KEY = 'userData';
/** Tokens issued by PUT /api/user/{email} live at most this long (docs/decisions/001-identity-and-access-tokens.md). */
export const ACCESS_TOKEN_TTL_SECONDS = 24 * 60 * 60;
/** The generic blank image used when an identity has no photo (section 3). */
export const DEFAULT_AVATAR_URL = '/images/blank-avatar.svg';
export const GOOGLE_POPUP = { width: 500, height: 600 } as const;
/** Prices are shown in dollars (spec); payments are asked for in this currency (docs/decisions/019). */
export const CURRENCY = 'USD';
export const COMPANY_NAME = 'AgriTools';
export const COPYRIGHT_YEAR = 2022;

export const TOAST_SETTINGS = {
  autoClose: 5000,
  position: 'top-right',
  pauseOnHover: true,
  draggable: true,
  draggablePercent: 80,
} as const;

/** react-multi-carousel responsive table of section 9. */
export const CAROUSEL_RESPONSIVE = {
  superLargeDesktop: { breakpoint: { max: 4000, min: 3000 }, items: 5 },
  desktop: { breakpoint: { max: 3000, min: 1024 }, items: 3 },
  tablet: { breakpoint: { max: 1024, min: 464 }, items: 2 },
  mobile: { breakpoint: { max: 544, min: 0 }, items: 1 },
} as const;
export const CAROUSEL_SETTINGS = {
  infinite: true,
  autoPlay: true,
  autoPlaySpeed: 3000,
  transitionDuration: 400,
  minimumTouchDrag: 80,
} as const;

/** Hard-coded statistics band (section 2). */
export const STATISTICS = [
  { title: 'Revenue', value: '12M', unit: 'dollars', note: 'From 2020 to 2022' },
  { title: 'Customers', value: '4,200', note: 'up 40 (2%)' },
  { title: 'Shipment', value: '1,200+', note: 'down 90 (14%)' },
] as const;

export const OTHER_SERVICES = [
  'IoT based farming',
  'Climate Solution',
  'Cattle Housing',
  'Green House Setup',
] as const;

/**
 * Sorts of the products page; `relevance` needs a search text and is its default. Here rather
 * than beside the search schema so that the products page, which needs only the list, does not
 * load the form libraries (docs/benchmarks.md, "JavaScript per public page").
 */
export const productSorts = ['relevance', 'newest', 'price-asc', 'price-desc', 'rating'] as const;
export type ProductSort = (typeof productSorts)[number];
