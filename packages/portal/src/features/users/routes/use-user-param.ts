import { useParams } from "react-router-dom";
import { useUser } from "../api/use-users";

/** The user named by the route's {id}; a non-numeric id is not found. */
export function useUserFromRoute() {
  const { id = "" } = useParams();
  const userId = /^\d+$/.test(id) ? Number(id) : null;
  const query = useUser(userId);
  return { ...query, userId, notFound: userId === null || Boolean(query.error) };
}
