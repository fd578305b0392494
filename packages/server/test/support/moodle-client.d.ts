/** The moodle-client package (a real Moodle web-service client) ships no types. */
declare module "moodle-client" {
  interface MoodleClient {
    token: string;
    call(options: {
      wsfunction: string;
      args?: Record<string, unknown>;
      method?: "GET" | "POST";
    }): Promise<unknown>;
  }
  const moodleClient: {
    init(options: {
      wwwroot: string;
      token?: string;
      username?: string;
      password?: string;
      service?: string;
    }): Promise<MoodleClient>;
  };
  export default moodleClient;
}
