package io.github.astrorag.core.internal;

import java.util.function.Function;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Reads secrets (API keys, passwords) from environment variables, refusing values that would break a
 * request header or leak in an error: every message names the variable, never its value.
 *
 * <p>A variable name must look like one ({@code [A-Za-z_][A-Za-z0-9_]*}, at most {@value #MAX_NAME}
 * characters) and not like a key given in its place: a name that holds {@code -}, starts with
 * {@code sk-}/{@code sk_}, or is {@value #RANDOM_NAME}+ characters of mixed case letters and digits
 * without {@code _} is refused without being echoed. A value must be non-empty, without surrounding
 * white space (a {@code \r} left by a file with CRLF line ends, a trailing newline or space) and
 * without control characters.
 */
public final class Secrets {

    /** The longest variable name accepted. */
    public static final int MAX_NAME = 64;
    /** From this length a name of mixed-case letters and digits without {@code _} looks like a key. */
    public static final int RANDOM_NAME = 20;

    private static final Pattern ENV_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*");

    private Secrets() {
    }

    /**
     * The value of environment variable {@code variable}, checked.
     *
     * @param option      how the caller names the setting in messages ({@code --api-key-env}, {@code apiKeyEnv})
     * @param what        what the value is ({@code the API key})
     * @param environment the environment ({@code System::getenv})
     * @param variable the variable's name
     * @return the value, checked as {@link #checkValue} does
     * @throws IllegalArgumentException if the name is not a variable name, the variable is unset or
     *                                       empty, or its value has surrounding white space or control
     *                                       characters; the message never shows the value (nor the name
     *                                       when it looks like a key)
     */
    public static String fromEnvironment(@Nullable String variable, String option, String what,
                                         Function<String, @Nullable String> environment) {
        checkVariableName(variable, option);
        String value = environment.apply(variable);
        Arguments.check(value != null, "the environment variable %s (%s, named by %s) is not set",
                variable, what, option);
        checkValue(value, "the environment variable " + variable + " (" + what + ")");
        return value;
    }

    /**
     * Fails unless {@code variable} is an environment variable's name that does not look like a secret.
     * The message shows the name only when it is harmless.
     *
     * @param variable the variable's name
     * @param option how the caller names the setting in messages
     * @throws IllegalArgumentException if the name is missing, not a variable name, or looks like a secret
     */
    public static void checkVariableName(@Nullable String variable, String option) {
        Arguments.check(variable != null && !variable.isBlank(),
                "%s needs the NAME of an environment variable, was empty", option);
        if (looksLikeSecret(variable)) {
            throw new IllegalArgumentException(option + " takes the NAME of an environment variable that holds the"
                    + " secret, not the secret itself; the value given looks like a key and is not shown: export it,"
                    + " e.g. export LLM_API_KEY=..., and pass " + option + " LLM_API_KEY");
        }
        Arguments.check(ENV_NAME.matcher(variable).matches() && variable.length() <= MAX_NAME,
                "%s must name an environment variable (letters, digits and _, not starting with a digit, at most %d"
                        + " characters), was '%s'", option, MAX_NAME, variable);
    }

    /**
     * Whether {@code name} looks like a key rather than a variable name: it holds a character no
     * variable name has (other than space), starts with {@code sk-}/{@code sk_}, is longer than
     * {@value #MAX_NAME}, or is {@value #RANDOM_NAME}+ characters mixing lower case, upper case and
     * digits with no {@code _}.
     *
     * @param name the name to check
     * @return {@code true} if it looks like a key
     */
    public static boolean looksLikeSecret(String name) {
        String s = name.strip();
        if (s.startsWith("sk-") || s.startsWith("sk_") || s.length() > MAX_NAME || s.indexOf('-') >= 0) {
            return true;
        }
        if (!ENV_NAME.matcher(s).matches()) {
            return s.length() >= 8 && s.chars().noneMatch(Character::isWhitespace);
        }
        boolean lower = s.chars().anyMatch(Character::isLowerCase);
        boolean upper = s.chars().anyMatch(Character::isUpperCase);
        boolean digit = s.chars().anyMatch(Character::isDigit);
        return s.length() >= RANDOM_NAME && s.indexOf('_') < 0 && lower && upper && digit;
    }

    /**
     * Fails unless {@code value} is usable in a header: non-empty, no surrounding white space, no
     * control character. {@code source} names where it came from; the value is never shown.
     *
     * @param value the value to check
     * @param source where it came from, for the message
     * @throws IllegalArgumentException if the value is empty, has surrounding white space or a control character
     */
    public static void checkValue(String value, String source) {
        Arguments.check(!value.isEmpty(), "%s is empty", source);
        Arguments.check(!value.isBlank(), "%s holds only white space", source);
        Arguments.check(value.strip().equals(value),
                "%s has white space before or after it (a trailing newline, or a \\r from a file with Windows line"
                        + " ends?); remove it (the value is not shown)", source);
        Arguments.check(value.chars().noneMatch(Character::isISOControl),
                "%s holds a control character; remove it (the value is not shown)", source);
    }
}
