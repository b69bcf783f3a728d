// Every user-visible string of the specification (sections 2, 5 and 8), verbatim,
// odd spellings included ('Forgot Pasword?', 'withing', 'Faild'). Import from here;
// tests assert these exact values. Every key needs its Bengali in messages.bn.ts: the type
// check and messages.parity.test.ts fail otherwise (docs/decisions/023).
export const messages = {
  // Section 5 / 8: field messages
  emailRequired: 'Email is Required!',
  passwordRequired: 'Password required!',
  nameRequired: 'Name is Required!',
  ratingRange: 'Please give rating between 1 to 5',
  commentTooLong: 'Please write withing 150 words',
  phoneRequired: 'Username is Required',
  phonePattern: 'Enter a valid number with +880',
  belowMinimumOrder: 'You must fulfill the minimum order',
  outOfStock: 'Out of Stock',
  // Section 8: toasts
  enterEmailForReset: 'Please enter your email address',
  resetEmailSent: 'Sent email',
  signedOut: 'You have been signed out',
  profileUpdated: 'Profile Updated',
  reviewAdded: 'Thank you. Your review has been added',
  productRemoved: 'Product has been removed',
  orderRemoved: 'Order has been removed',
  userPromoted: 'User has been promoted to admin!',
  orderPlaced: 'Your order has been placed. You may proceed to payment',
  productAdded: 'Product added to the inventory',
  promoteFailed: 'Operation Failed',
  addProductFailed: 'Operation Faild',
  accessDenied: 'Access Denied',
  noUserLoggedIn: 'No user is logged in',
  // Section 2: screens
  forgotPassword: 'Forgot Pasword?',
  createAccount: 'Create a new account',
  continueWithGoogle: 'Continue With Google',
  notFoundCode: '404',
  notFoundTitle: 'Oops! Page not found',
  notFoundBody: "The page you're looking for doesn't exist.",
  goHome: 'Go home',
  noOrders: 'You have no orders',
  confirmDelete: 'Are you sure you want to delete?',
  confirmYes: 'Yes, I am sure',
  confirmNo: 'No',
  addSocialLink: 'Add your social media Link',
  notAvailable: 'N/A',
  paid: 'Paid',
  contactTitle: 'Do you want to know more? Send us a note and we will help you with your questions',
  statsHeading: 'Providing Service for 2 years successfully',
  tagline: 'manufacturer and provider company for all type of agricultural and farming tools',
  footerTagline: 'a company providing reliable equipment since 2020',
  // Section 8: error line on login and sign-up
  errorLine: (message: string) => `Error: ${message}`,
  pleasePayFor: (orderId: string) => `Please pay for : ${orderId}`,
  ratingOutOf5: (rating: number) => `Rating: ${rating} out of 5`,
  // Not in the spec: shown when Google sign-in has no client id configured (issue 3).
  googleNotConfigured: 'Google sign-in is not configured on this server',
  // Not in the spec: a password from the list of the most common ones (sign-up and reset).
  commonPassword: 'This password is too common and easy to guess. Please choose another one.',
} as const;
