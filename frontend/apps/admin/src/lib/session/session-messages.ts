/** Texts of back-office.md §4 and §8. */
export const ACCESS_DENIED_MESSAGE = 'Access denied. This account has no role in the back office.';
export const LOGIN_FAILED_MESSAGE = 'Login failed';
export const NO_TOKEN_MESSAGE = 'No token found';
export const VERIFY_FAILED_MESSAGE = 'Token verification failed';
