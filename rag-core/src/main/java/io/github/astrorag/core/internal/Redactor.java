package io.github.astrorag.core.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Removes secrets from text that may be shown (an error message, a log line, a stack trace): every
 * occurrence of each secret, also when it is trimmed, quoted, or split by white space or line breaks
 * (a header folded over two lines, a value wrapped in a message), and the value of every
 * {@code Authorization} header and {@code Bearer}, {@code Basic} or {@code ApiKey} credential, whatever
 * secret it holds. Each removed part becomes {@value #MASK}. Immutable and thread-safe.
 *
 * <p>Cost: O(text length × number of secrets) per call (each secret is one compiled pattern).
 */
public final class Redactor {

    /** What replaces a secret. */
    public static final String MASK = "***";

    /** A redactor that knows no secret but still removes credential header values. */
    public static final Redactor HEADERS = new Redactor(List.of());

    private static final Pattern CREDENTIAL = Pattern.compile(
            "(?i)\\b(Bearer|Basic|ApiKey)(\\s+|%20)(?!\\Q" + MASK + "\\E)[^\\s\"',;)\\]}]+");
    private static final Pattern AUTHORIZATION_HEADER = Pattern.compile(
            "(?i)(\\bAuthorization\"?\\s*[:=]\\s*\"?)(?!(?:Bearer|Basic|ApiKey)\\b|\\Q" + MASK + "\\E)[^\\s\"',;)\\]}]+");

    private final List<Pattern> secrets;

    private Redactor(List<Pattern> secrets) {
        this.secrets = secrets;
    }

    /**
     * A redactor of {@code secrets} (null and blank ones are ignored). Each is matched as given and
     * stripped of surrounding white space, with any white space allowed between two of its characters.
     *
     * @param secrets the secrets; {@code null} and blank ones are ignored
     * @return a redactor of those secrets; one of no secret redacts credential header values only
     */
    public static Redactor of(Collection<@Nullable String> secrets) {
        Set<String> forms = new LinkedHashSet<>();
        for (String s : secrets) {
            if (s != null && !s.isBlank()) {
                forms.add(s.strip());
            }
        }
        List<String> sorted = new ArrayList<>(forms);
        sorted.sort(Comparator.comparingInt(String::length).reversed());
        List<Pattern> patterns = new ArrayList<>();
        for (String s : sorted) {
            StringBuilder p = new StringBuilder();
            s.codePoints().filter(c -> !Character.isWhitespace(c)).forEach(c -> {
                if (p.length() > 0) {
                    p.append("\\s*");
                }
                p.append(Pattern.quote(new String(Character.toChars(c))));
            });
            patterns.add(Pattern.compile(p.toString()));
        }
        return new Redactor(List.copyOf(patterns));
    }

    /**
     * A redactor of the secrets of both.
     *
     * @param other another redactor
     * @return a new redactor
     */
    public Redactor and(Redactor other) {
        List<Pattern> all = new ArrayList<>(secrets);
        all.addAll(other.secrets);
        return new Redactor(List.copyOf(all));
    }

    /**
     * {@code text} without the secrets and credential header values; {@code null} stays {@code null}.
     *
     * @param text the text, or {@code null}
     * @return the text with each secret replaced, or {@code null}
     */
    public @Nullable String apply(@Nullable String text) {
        if (text == null) {
            return null;
        }
        String out = text;
        for (Pattern p : secrets) {
            out = p.matcher(out).replaceAll(MASK);
        }
        out = CREDENTIAL.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + m.group(2) + MASK));
        return AUTHORIZATION_HEADER.matcher(out).replaceAll(m -> Matcher.quoteReplacement(m.group(1) + MASK));
    }

    /**
     * Whether {@code text} holds a secret or a credential header value.
     *
     * @param text the text, or {@code null}
     * @return {@code true} if a secret or credential header value occurs in it
     */
    public boolean leaks(@Nullable String text) {
        return text != null && !text.equals(apply(text));
    }
}
