/** GitHub's login rule: 1-39 characters, letters, digits and single inner hyphens (no leading or trailing hyphen). */
export const GITHUB_LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;
