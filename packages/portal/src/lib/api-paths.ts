/** The users' service path, which features other than users revalidate (a class's students). */
export const USER_PATH = "/user/";

/** The journey service: the learner's path, and the opening and completing of its materials. */
export const JOURNEY_PATH = "/journey/";
