import { describe, expect, it } from "vitest";
import { authorizedImageUrl } from "./image-url";

describe("the photo's address", () => {
  it("carries the token and a version, since an image request sends no form body", () => {
    expect(authorizedImageUrl("/api/file/user/4", "abc+/=", "2024-06-02T08:00:00.000Z")).toBe(
      "/api/file/user/4?token=abc%2B%2F%3D&v=2024-06-02T08%3A00%3A00.000Z",
    );
    expect(authorizedImageUrl("/api/file/user/4?size=s", "t")).toBe(
      "/api/file/user/4?size=s&token=t",
    );
  });

  it("leaves no photo, local previews and token-less addresses alone", () => {
    expect(authorizedImageUrl(null, "t")).toBeUndefined();
    expect(authorizedImageUrl("blob:http://x/1", "t")).toBe("blob:http://x/1");
    expect(authorizedImageUrl("/api/file/user/4", null)).toBe("/api/file/user/4");
  });
});
