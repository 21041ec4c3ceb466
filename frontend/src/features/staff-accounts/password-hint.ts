/** What the server checks of a new staff password, said beside every field that sets one. */
export const NEW_PASSWORD_HINT = "At least 10 characters; not a common password, your username or the church's name.";
