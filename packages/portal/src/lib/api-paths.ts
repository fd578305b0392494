/** The users' service path, which features other than users revalidate (a class's students). */
export const USER_PATH = "/user/";
