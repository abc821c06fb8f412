package io.github.astrorag.core.generate;

import io.github.astrorag.core.internal.text.Terms;
import io.github.astrorag.core.internal.text.WordBreaks;
import io.github.astrorag.core.spi.TermAnalyzer;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the extractive reader reads from a question and a sentence besides their terms: the question's content
 * terms, the kind of answer a question word asks for, and whether a sentence has the shape of a statement.
 * Stateless; thread-safe.
 */
final class AnswerCues {

    /** The fewest words a quotable sentence has. */
    static final int MIN_WORDS = 4;
    /** The fewest words of a statement with an end mark in a script other than Latin. */
    static final int MIN_SCRIPT_WORDS = 3;

    /** Question and auxiliary words, stemmed as {@link Terms} stems them: no content of a question. */
    private static final Set<String> QUESTION_WORDS = stems("what which who whom whose when where why how does do did "
            + "is are was were can could would should may might has have had many much kind type please tell "
            + "describe explain give name list");

    /** Auxiliaries and common verbs that make a word group a statement. */
    private static final Set<String> VERBS = Set.of("is", "are", "was", "were", "be", "been", "being", "has", "have",
            "had", "can", "could", "will", "would", "may", "might", "must", "shall", "should", "does", "do", "did",
            "lies", "lie", "make", "use", "take", "show", "give", "get", "keep", "need", "reach", "hold", "form");

    private static final Set<String> MONTHS = Set.of("january", "february", "march", "april", "may", "june", "july",
            "august", "september", "october", "november", "december", "century", "centuries", "decade", "year", "years");
    private static final Set<String> NUMBER_WORDS = Set.of("one", "two", "three", "four", "five", "six", "seven",
            "eight", "nine", "ten", "eleven", "twelve", "twenty", "thirty", "forty", "fifty", "hundred", "hundreds",
            "thousand", "thousands", "million", "millions", "billion", "billions", "dozen", "dozens", "half", "twice");

    /** The kind of answer a question's words ask for. */
    enum AnswerType {
        /** No cue: any sentence may answer. */
        NONE,
        /** "when", "what year": a date or a number. */
        DATE,
        /** "how many", "how much", "how far", ...: a number. */
        NUMBER,
        /** "who", "whom", "whose": a name. */
        NAME
    }

    /** The end marks of sentences in every script {@code Sentences} splits at. */
    private static final String SCRIPT_END_MARKS = ".!?\u3002\uFF01\uFF1F\uFF61\uFF0E\u0964\u0965\u061F\u06D4\u1362"
            + "\u1367\u104B\u0589\u17D4\u17D5";
    /** Closing quotes and brackets that may follow an end mark, in any script. */
    private static final String CLOSING = "\"')]\u201d\u2019\u300D\u300F\uFF09\u3009\u300B\u00BB";
    private static final Pattern EDGE = Pattern.compile("^[^\\p{L}\\p{N}]+|[^\\p{L}\\p{N}]+$");
    private static final Pattern SPACE = Pattern.compile("\\s+");
    private static final Set<String> HOW_MUCH = Set.of("many", "much", "far", "long", "large", "big", "old", "high",
            "fast", "hot", "cold", "massive", "heavy", "wide", "deep", "bright", "often", "distant", "quickly",
            "rapidly", "soon", "close", "small", "tall", "thick", "warm");
    private static final Set<String> WHAT_DATE = Set.of("year", "date", "century", "decade");

    private AnswerCues() {
    }

    /** What a question asks for beyond its answer type: a quantity of a kind, a definition, a reason, or nothing. */
    enum Asks {
        /** "how hot/far/old/long/many/much/fast/high/large/massive ...": a number with a unit of the right kind. */
        QUANTITY,
        /** "what is/are X", "what does X mean", "define X": a sentence that defines X. */
        DEFINITION,
        /** "why", "what causes": a sentence that gives the cause. */
        REASON,
        /** None of these. */
        OTHER
    }

    /** The kind of unit a quantity question wants. */
    enum Unit {
        TEMPERATURE, DISTANCE, DURATION, MASS, SPEED, PRESSURE, COUNT
    }

    /**
     * A number: digits (with a power of ten), or a number word followed by a space or hyphen, so that the "a" of
     * "as" or the "one" of "ones" never reads as a number before a unit "s".
     */
    private static final String NUMBER = "(?:\\d[\\d,.]*(?:\\s*[\u00d7x]\\s*10\\^?[\u2212-]?\\d+)?"
            + "|(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|sixty"
            + "|seventy|eighty|ninety|a few|several|a|hundreds|thousands|millions|billions)(?=[\\s-]))"
            + "(?:[\\s-]+(?:hundred|thousand|million|billion|trillion)s?)*"
            + "(?:[\\s-]+(?:to|and|or)[\\s-]+[\\d,.]+(?:[\\s-]+(?:hundred|thousand|million|billion|trillion))*)?[\\s-]*";
    private static final Map<Unit, Pattern> UNITS = Map.of(
            Unit.TEMPERATURE, Pattern.compile("\\b" + NUMBER + "(?:K\\b|kelvin|\u00b0|degrees)"),
            Unit.DISTANCE, Pattern.compile("(?i)\\b" + NUMBER + "(?:km\\b|kilomet|met(?:er|re)s?\\b|m\\b|cm\\b|mm\\b|"
                    + "miles?\\b|AU\\b|astronomical units?|light[\\s-]years?|ly\\b|parsecs?|[km]?pc\\b|kiloparsecs?|"
                    + "megaparsecs?|(?:Earth|solar|Jupiter)[\\s-]+(?:radii|radius|diameters?)|times (?:the|as)|R_?Sun)"),
            Unit.DURATION, Pattern.compile("(?i)\\b" + NUMBER + "(?:years?\\b|yr\\b|Gyr|Myr|days?\\b|hours?\\b|h\\b|"
                    + "minutes?\\b|min\\b|seconds?\\b|s\\b|months?\\b|weeks?\\b|centur(?:y|ies)|decades?|millenni)"),
            Unit.MASS, Pattern.compile("(?i)\\b" + NUMBER + "(?:kg\\b|kilograms?|g\\b|grams?|tons?\\b|tonnes?|M_?Sun|"
                    + "M\u2299|solar mass(?:es)?|(?:Earth|Jupiter|Sun)[\u2019's]*[\\s-]+mass(?:es)?|times (?:the|as) "
                    + "(?:mass|massive))"),
            Unit.SPEED, Pattern.compile("(?i)\\b" + NUMBER + "(?:km/s|km/h|m/s|cm/yr|mm/yr|mph|(?:kilomet|centimet|millimet"
                    + "|met|mil|light[\\s-]year)\\w* (?:per|an|a|each) (?:second|hour|day|year|century)"
                    + "|percent of the speed of light|% of the speed of light|the speed of light)"),
            Unit.PRESSURE, Pattern.compile("(?i)\\b" + NUMBER + "(?:bars?\\b|millibars?|mbar\\b|atm\\b|atmospheres?\\b"
                    + "|pascals?|[kMG]?Pa\\b|psi\\b)"),
            Unit.COUNT, Pattern.compile("(?i)\\b(?:\\d|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|"
                    + "twenty|thirty|forty|fifty|hundred|thousand|million|billion|dozen)"));
    private static final Pattern DEFINITION_QUESTION = Pattern.compile(
            "(?i)^\\s*(?:what(?:\u2019s|'s| is| are| was| were)\\s+(?:an?\\s+|the\\s+)?(.+?)"
                    + "|what does (?:an?\\s+|the\\s+)?(.+?) mean|define (?:an?\\s+|the\\s+)?(.+?)"
                    + "|what do (?:we|you|they|\\p{L}+s) (?:call|mean by) (?:an?\\s+|the\\s+)?(.+?))\\s*[?.]?\\s*$");
    /** Where the head of a definition question's subject ends: "photosphere | of the Sun". */
    private static final Pattern HEAD_END = Pattern.compile(
            "(?i)\\s+(?:of|on|in|at|for|from|within|inside|around|near|between|among)\\s+");
    private static final Pattern DEFINES = Pattern.compile(
            "(?i)\\b(?:is|are|was|were)\\s+(?:an?|the|called|known|defined|named|termed)\\b|\\bcalled\\b|\\bknown as\\b"
                    + "|\\bwe call\\b|\\brefers? to\\b|\\bdefined as\\b|\\bmeans\\b|\\bterm\\b|\\bname\\b");
    private static final Pattern REASON_QUESTION = Pattern.compile(
            "(?i)\\bwhy\\b|\\bwhat (?:causes|caused|makes|made|is the reason|was the reason)\\b|\\bhow come\\b");
    private static final Pattern CAUSE = Pattern.compile(
            "(?i)\\b(?:because|due to|as a result of|caused by|owing to|the reason|results? from|thanks to"
                    + "|causes?|leads? to|results? in|is why"
                    + "|the answer (?:is|was|turned out to be|lies in))\\b|,\\s+so\\s+(?!that|far|much|many|called)"
                    + "|\\btoo\\s+\\p{L}+(?:\\s+(?:and|or)\\s+(?:too\\s+)?\\p{L}+)?\\s+(?:for\\s+\\p{L}+\\s+)?to\\s+\\p{L}+");
    /** The openers that say a sentence is the result of the one before it ({@link #result}). */
    private static final String RESULT_OPENERS =
            "as a (?:consequence|result)|therefore|thus|hence|consequently|this is why|that is why|for this reason";
    /**
     * An inference from what the sentence before reports: "This discrepancy implies that ...", "These observations
     * show that ...", "Such measurements indicate that ..." (a demonstrative, at most three words, a verb of
     * evidence, then "that").
     */
    private static final String INFERENCE = "(?:this|these|that|those|such)(?:\\s+[\\p{L}\\p{N}-]+){0,3}?\\s+"
            + "(?:impl(?:y|ies|ied)|shows?|showed|suggest(?:s|ed)?|indicat(?:e|es|ed)|demonstrat(?:e|es|ed)"
            + "|reveal(?:s|ed)?|prov(?:e|es|ed)|confirm(?:s|ed)?|tell(?:s)? us|told us)\\s+that";
    private static final Pattern CONSEQUENCE = Pattern.compile(
            "(?i)^(?:" + RESULT_OPENERS + "|this means|so,|" + INFERENCE + ")\\b");
    private static final Pattern RESULT = Pattern.compile("(?i)^(?:" + RESULT_OPENERS + ")\\b");

    /**
     * "What is the temperature of ...", "what was the maximum mass ...", "what temperature does ...": a question
     * that names the quantity it asks for (up to two words between "the" and the noun), the noun as the head of
     * its phrase (followed by "of", "at", "does", "a", ... or the end): "what is the mass function?" is none.
     */
    private static final Pattern QUANTITY_NOUN = Pattern.compile(
            "(?i)^\\s*(?:what|which)(?:(?:\u2019s|'s|\\s+is|\\s+are|\\s+was|\\s+were)\\s+(?:the\\s+|an?\\s+)?"
                    + "(?:[\\p{L}-]+\\s+){0,2}?|\\s+)(temperatures?|distances?|radius|radii|diameters?|sizes?|heights?"
                    + "|altitudes?|depths?|wavelengths?|mass|masses|weights?|speeds?|velocit(?:y|ies)|ages?|lifetimes?"
                    + "|periods?|durations?|pressures?|number|fraction|percentage|proportion)"
                    + "(?=\\s*(?:[?.]|$)|\\s+(?:of|at|in|on|for|to|from|an?|the|that|which|does|do|did|can|could|would"
                    + "|will|must|should|is|are|was|were|has|have|had)\\b)");
    /**
     * "How high is the air pressure at ...", "how large was the mass of ...": a "how" question whose subject is a
     * quantity noun (up to two words before it) asks for that quantity, not for what its adjective alone says.
     */
    private static final Pattern HOW_NOUN = Pattern.compile(
            "(?i)^\\s*how\\s+\\p{L}+\\s+(?:is|are|was|were)\\s+(?:the\\s+|an?\\s+|its\\s+|their\\s+)?"
                    + "(?:[\\p{L}-]+\\s+){0,2}?(temperatures?|pressures?|mass|masses|speeds?|velocit(?:y|ies)|ages?)"
                    + "(?=\\s*(?:[?.]|$)|\\s+(?:of|at|in|on|for|inside|within|near)\\b)");
    private static final Map<String, Set<Unit>> NOUN_UNITS = Map.ofEntries(
            Map.entry("temperatur", Set.of(Unit.TEMPERATURE)), Map.entry("distanc", Set.of(Unit.DISTANCE)),
            Map.entry("radius", Set.of(Unit.DISTANCE)), Map.entry("radii", Set.of(Unit.DISTANCE)),
            Map.entry("diamet", Set.of(Unit.DISTANCE)), Map.entry("size", Set.of(Unit.DISTANCE)),
            Map.entry("height", Set.of(Unit.DISTANCE)), Map.entry("altitud", Set.of(Unit.DISTANCE)),
            Map.entry("depth", Set.of(Unit.DISTANCE)), Map.entry("wavelength", Set.of(Unit.DISTANCE)),
            Map.entry("mass", Set.of(Unit.MASS)), Map.entry("weight", Set.of(Unit.MASS)),
            Map.entry("speed", Set.of(Unit.SPEED)), Map.entry("veloc", Set.of(Unit.SPEED)),
            Map.entry("age", Set.of(Unit.DURATION)), Map.entry("lifetim", Set.of(Unit.DURATION)),
            Map.entry("period", Set.of(Unit.DURATION)), Map.entry("durat", Set.of(Unit.DURATION)),
            Map.entry("pressur", Set.of(Unit.PRESSURE)));

    /** "How quickly is/are ... -ing": a question about a motion under way, which asks for its rate. */
    private static final Pattern PROGRESSIVE = Pattern.compile(
            "(?i)\\bhow\\s+(?:quickly|rapidly)\\s+(?:is|are|was|were)\\s+(?:[\\p{L}'’-]+\\s+){0,4}?\\p{L}{3,}ing\\b");

    /** The quantity noun a "what is the N of ..." or "how high is the N of ..." question names, lower case, or null. */
    static String quantityNoun(String question) {
        Matcher m = QUANTITY_NOUN.matcher(question);
        if (m.find()) {
            return m.group(1).toLowerCase(Locale.ROOT);
        }
        m = HOW_NOUN.matcher(question);
        return m.find() ? m.group(1).toLowerCase(Locale.ROOT) : null;
    }

    /** What {@code question} asks for: a quantity, a definition, a reason, or nothing of these. */
    static Asks asks(String question) {
        if (answerType(question) == AnswerType.NUMBER || quantityNoun(question) != null) {
            return Asks.QUANTITY;
        }
        if (REASON_QUESTION.matcher(question).find()) {
            return Asks.REASON;
        }
        return definitionSubject(question) != null ? Asks.DEFINITION : Asks.OTHER;
    }

    /**
     * The units a quantity question wants: hot, cold, warm: a temperature; far, distant, large, big, wide, deep,
     * high, tall: a distance; old: a duration; long: a duration or a distance; massive, heavy: a mass; fast: a
     * speed; quickly, rapidly: a speed or a duration, a speed for a motion under way ("how quickly is it drifting");
     * many, much, often, bright: any number (a count); a question that names its quantity ("what is the
     * temperature of ...", "how high is the pressure at ...") wants that quantity's unit (pressure: bars, atmospheres,
     * pascals).
     */
    static Set<Unit> units(String question) {
        String noun = quantityNoun(question);
        if (noun != null) {
            for (Map.Entry<String, Set<Unit>> e : NOUN_UNITS.entrySet()) {
                if (noun.startsWith(e.getKey())) {
                    return e.getValue();
                }
            }
            return Set.of(Unit.COUNT);
        }
        String adjective = afterHow(question);
        return switch (adjective == null ? "" : adjective) {
            case "hot", "cold", "warm" -> Set.of(Unit.TEMPERATURE);
            case "far", "distant", "large", "big", "wide", "deep", "high", "tall", "close", "small", "thick" ->
                    Set.of(Unit.DISTANCE);
            case "old", "soon" -> Set.of(Unit.DURATION);
            case "long" -> Set.of(Unit.DURATION, Unit.DISTANCE);
            case "massive", "heavy" -> Set.of(Unit.MASS);
            case "fast" -> Set.of(Unit.SPEED);
            // "how quickly is the Moon drifting away": a rate; "how quickly does a star form": either
            case "quickly", "rapidly" -> PROGRESSIVE.matcher(question).find() ? Set.of(Unit.SPEED)
                    : Set.of(Unit.SPEED, Unit.DURATION);
            default -> Set.of(Unit.COUNT);
        };
    }

    /**
     * The noun a "how" question's adjective stands for, the word a text states that quantity by ("how hot": the
     * temperature, "how far": the distance), or null for another question or an adjective that names no single
     * quantity ("how long": a time or a length; "how many").
     */
    static String howNoun(String question) {
        String adjective = afterHow(question);
        return adjective == null ? null : HOW_NOUNS.get(adjective);
    }

    /** The word after the first "how" of {@code question}, lower case ("how hot is ...": hot), or null. */
    private static String afterHow(String question) {
        String[] w = words(question);
        for (int i = 0; i + 1 < w.length; i++) {
            if (w[i].equals("how")) {
                return w[i + 1];
            }
        }
        return null;
    }

    /** The words of {@code question}, lower case, punctuation but apostrophes read as spaces. */
    private static String[] words(String question) {
        return question.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}' ]", " ").strip().split("\\s+");
    }

    /** The noun of each "how" adjective that names one quantity ({@link #howNoun}). */
    private static final Map<String, String> HOW_NOUNS = Map.ofEntries(Map.entry("hot", "temperature"),
            Map.entry("cold", "temperature"), Map.entry("warm", "temperature"), Map.entry("far", "distance"),
            Map.entry("distant", "distance"), Map.entry("old", "age"), Map.entry("massive", "mass"),
            Map.entry("heavy", "mass"), Map.entry("fast", "speed"), Map.entry("large", "size"),
            Map.entry("big", "size"), Map.entry("high", "height"), Map.entry("tall", "height"),
            Map.entry("deep", "depth"), Map.entry("thick", "thickness"), Map.entry("wide", "width"),
            Map.entry("bright", "brightness"), Map.entry("dense", "density"));

    /** Whether {@code sentence} holds a number with a unit of one of {@code units} ("5800 K", "4.5 billion years"). */
    static boolean holdsQuantity(Set<Unit> units, String sentence) {
        for (Unit u : units) {
            if (UNITS.get(u).matcher(sentence).find()) {
                return true;
            }
        }
        return false;
    }

    /** The X of "what is X?", "what does X mean?", "define X", stemmed content terms; null for other questions. */
    static Set<String> definitionSubject(String question) {
        Matcher m = DEFINITION_QUESTION.matcher(question);
        if (!m.matches()) {
            return null;
        }
        for (int g = 1; g <= m.groupCount(); g++) {
            if (m.group(g) != null) {
                Set<String> terms = new HashSet<>(Terms.of(HEAD_END.split(m.group(g), 2)[0]));
                terms.removeAll(QUESTION_WORDS);
                return terms.isEmpty() || terms.size() > 4 ? null : terms;
            }
        }
        return null;
    }

    /**
     * Whether {@code sentence} defines the thing named by {@code subject} (its stemmed terms): the subject opens
     * the sentence (within its first words) and is followed closely by is, are, was, were, refers or means ("A
     * light-year is the distance ..."; not a degree, a negation or a preposition right after the copula: "Brown dwarfs
     * are very difficult to observe" says something about them), or it follows closely after called, termed, named,
     * dubbed, "known as", "given the name" or "we call" and ends the name there ("... a technique called adaptive
     * optics"; not "is called the main-sequence turnoff" for the main sequence).
     */
    static boolean defines(Set<String> subject, String sentence) {
        String[] words = SPACE.split(sentence.strip());
        List<Set<String>> stems = wordTerms(words);
        // "X is a ...": the subject opens the sentence or a clause after a colon or semicolon (after a determiner),
        // then a copula, or a modal's "be" ("a hypothesis must be a proposed explanation")
        for (int start = 0; start < words.length; start++) {
            if (start > 0 && !words[start - 1].endsWith(":") && !words[start - 1].endsWith(";")) {
                continue;
            }
            int last = subjectAt(subject, words, stems, start);
            if (last >= 0 && !endsName(words, last)) {
                continue; // "The WIMP detectors are ...": the subject goes on, it is not what the sentence defines
            }
            for (int i = last + 1; last >= 0 && i < Math.min(words.length, last + 4); i++) {
                String w = EDGE.matcher(words[i].toLowerCase(Locale.ROOT)).replaceAll("");
                if (COPULAS.contains(w) || w.equals("be") && MODALS.contains(words[i - 1].toLowerCase(Locale.ROOT))) {
                    if (i + 1 < words.length && !UNDEFINING.contains(words[i + 1].toLowerCase(Locale.ROOT))) {
                        return true;
                    }
                    break;
                }
            }
        }
        return names(subject, words, stems, Set.of("called", "termed", "named", "call", "term"))
                || appositive(subject, words, stems);
    }

    /**
     * Whether the words from {@code from} to the next comma or bracket (or the end) hold a verb: a clause ("If the
     * density is higher than the critical density, the universe will collapse"), not a noun phrase in apposition.
     */
    private static boolean clause(String[] words, int from) {
        for (int i = from; i < words.length && !words[i].startsWith("("); i++) {
            if (VERBS.contains(EDGE.matcher(words[i].toLowerCase(Locale.ROOT)).replaceAll(""))) {
                return true;
            }
            if (words[i].endsWith(",")) {
                break;
            }
        }
        return false;
    }

    /**
     * "..., and the parsec (pc), the distance of a star with a parallax of 1 arcsecond": the subject, after a
     * determiner, then (after an abbreviation in brackets) a comma and a phrase opening with a, an or the.
     */
    private static boolean appositive(Set<String> subject, String[] words, List<Set<String>> stems) {
        for (int i = 0; i < words.length; i++) {
            if (i > 0 && !DETERMINERS.contains(words[i].toLowerCase(Locale.ROOT))) {
                continue;
            }
            int last = subjectAt(subject, words, stems, i);
            if (last < 0) {
                continue;
            }
            int comma = last;
            if (!words[last].endsWith(",") && last + 1 < words.length && words[last + 1].startsWith("(")) {
                comma = last + 1;
                while (comma < Math.min(words.length - 1, last + 4) && !words[comma].contains(")")) {
                    comma++;
                }
            }
            if (words[comma].endsWith(",") && comma + 1 < words.length
                    && ARTICLES.contains(words[comma + 1].toLowerCase(Locale.ROOT))
                    && !clause(words, comma + 1)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Whether {@code sentence} gives the name of the thing named by {@code subject}: "... is called X", "termed X",
     * "dubbed X", "known as X", "referred to as X", "have been given the name X", "we call X", "we call the object
     * a X" (a definition that names what it defines, the surest kind; not "the term X", which as often says
     * something about the word).
     */
    static boolean names(Set<String> subject, String sentence) {
        String[] words = SPACE.split(sentence.strip());
        return names(subject, words, wordTerms(words), NAMERS);
    }

    /** All the terms of each word ("light-year": light, year), or the bare lower-case word where it has none. */
    private static List<Set<String>> wordTerms(String[] words) {
        List<Set<String>> out = new java.util.ArrayList<>(words.length);
        for (String w : words) {
            List<String> t = Terms.of(w);
            out.add(t.isEmpty() ? Set.of(EDGE.matcher(w.toLowerCase(Locale.ROOT)).replaceAll("")) : Set.copyOf(t));
        }
        return out;
    }

    /** The words after which a sentence gives the name of what it describes ("is called X", "we call X"). */
    private static final Set<String> NAMERS = Set.of("called", "termed", "call", "dubbed");

    /** The verbs before "the name X" that give a name ("have been given the name brown dwarfs"). */
    private static final Set<String> GIVERS = Set.of("given", "gave", "give", "gives", "giving", "received",
            "receive", "receives", "earned", "got");

    private static boolean names(Set<String> subject, String[] words, List<Set<String>> stems, Set<String> namers) {
        // "... called X", "known as X", "referred to as X", "given the name X", "we call X", "the term X": X right
        // after the namer, or after the thing named ("we call the object a X")
        for (int i = 0; i < words.length; i++) {
            String w = EDGE.matcher(words[i].toLowerCase(Locale.ROOT)).replaceAll("");
            boolean namer = namers.contains(w)
                    || w.equals("as") && i > 0 && words[i - 1].equalsIgnoreCase("known")
                    || w.equals("as") && i > 1 && words[i - 1].equalsIgnoreCase("to")
                    && words[i - 2].toLowerCase(Locale.ROOT).startsWith("referr")
                    || w.equals("name") && i > 1 && words[i - 1].equalsIgnoreCase("the")
                    && GIVERS.contains(words[i - 2].toLowerCase(Locale.ROOT));
            int named = namer ? subjectAt(subject, words, stems, i + 1) : -1;
            if (named >= 0 && endsName(words, named)) {
                return true;
            }
            // "we call the object a protostar": the thing named, then X after its article
            for (int j = i + 2; w.equals("call") && j < Math.min(words.length, i + 5); j++) {
                if (ARTICLES.contains(words[j - 1].toLowerCase(Locale.ROOT))
                        && subjectAt(subject, words, stems, j) >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /**
     * Whether the name that ends at word {@code last} ends there: the word closes with punctuation or a bracket, or the
     * next word does not continue a noun ("is called the main-sequence turnoff" names a turnoff, not the main
     * sequence): it opens a bracket, is capitalised, or is a function word.
     */
    private static boolean endsName(String[] words, int last) {
        if (last + 1 >= words.length || !Character.isLetterOrDigit(words[last].charAt(words[last].length() - 1))) {
            return true;
        }
        String next = words[last + 1];
        return !Character.isLowerCase(next.charAt(0)) || NAME_FOLLOWERS.contains(next.toLowerCase(Locale.ROOT));
    }

    /** Words that may follow a name without extending it: verbs of being, prepositions, conjunctions, relatives. */
    private static final Set<String> NAME_FOLLOWERS = Set.of("is", "are", "was", "were", "be", "has", "have", "had",
            "of", "in", "on", "at", "by", "for", "from", "to", "with", "as", "and", "or", "but", "that", "which", "who",
            "where", "when", "because", "since", "if", "while", "than", "can", "could", "will", "would", "may", "might",
            "must", "should", "does", "do", "did", "after", "before", "around", "between", "into", "through", "until");

    /**
     * Words that, right after the copula, make "X is ..." say something about X rather than define it: a degree
     * ("Brown dwarfs are very difficult to observe"), a negation, a preposition ("are of interest").
     */
    private static final Set<String> UNDEFINING = Set.of("very", "extremely", "so", "too", "quite", "rather", "fairly",
            "relatively", "especially", "particularly", "more", "less", "not", "of", "in", "at", "on", "from", "by",
            "for", "with", "to", "about");

    private static final Set<String> COPULAS = Set.of("is", "are", "was", "were", "refers", "means", "describes",
            "consists");
    private static final Set<String> MODALS = Set.of("must", "can", "could", "will", "would", "should", "may", "might");
    private static final Set<String> ARTICLES = Set.of("a", "an", "the");
    private static final Set<String> DETERMINERS = Set.of("a", "an", "the", "this", "these", "such", "our", "its",
            "their", "it", "them", "that", "those");

    /**
     * Where the subject ends when it starts at word {@code from}, after determiners: its first word holds one of its
     * terms, and all its terms are within as many words as it has terms, plus one (a hyphen, an adjective); else -1.
     */
    private static int subjectAt(Set<String> subject, String[] words, List<Set<String>> stems, int from) {
        int start = from;
        while (start < words.length
                && DETERMINERS.contains(EDGE.matcher(words[start].toLowerCase(Locale.ROOT)).replaceAll(""))) {
            start++;
        }
        if (start >= words.length || java.util.Collections.disjoint(stems.get(start), subject)) {
            return -1;
        }
        return lastOfAll(subject, stems, start, Math.min(stems.size(), start + subject.size() + 1));
    }

    /** The position of the last of {@code subject}'s terms in {@code stems[from, to)} if all are there, else -1. */
    private static int lastOfAll(Set<String> subject, List<Set<String>> stems, int from, int to) {
        int last = -1;
        for (String t : subject) {
            int at = -1;
            for (int i = from; i < to; i++) {
                if (stems.get(i).contains(t)) {
                    at = i;
                    break;
                }
            }
            if (at < 0) {
                return -1;
            }
            last = Math.max(last, at);
        }
        return last;
    }

    /** Capitalised words that open a sentence without being part of a name. */
    private static final Set<String> OPENERS = Set.of("The", "A", "An", "In", "On", "At", "By", "For", "From", "As",
            "This", "These", "That", "Those", "It", "Its", "We", "Our", "If", "When", "While", "After", "Before",
            "Although", "Since", "Because", "But", "And", "However", "Thus", "So", "Then", "There", "Some", "Many",
            "Most", "All", "Each", "One", "His", "Her", "Their", "He", "She", "They", "Using", "With", "Later");

    /**
     * Whether {@code sentence} names a person or a thing the question does not: two capitalised words in a row
     * ("Arno Penzias", "Le Verrier"), each a {@linkplain #unaskedName name the question did not give}, nor an
     * opener such as "The" or "In" at the sentence's start. A stricter test than {@link #matches} for a name, used
     * to prefer a sentence, not in the support.
     */
    static boolean namesSomeoneElse(Set<String> questionTerms, String sentence) {
        String[] words = SPACE.split(sentence.strip());
        boolean previous = false;
        for (int i = 0; i < words.length; i++) {
            String word = EDGE.matcher(words[i]).replaceAll("");
            boolean name = unaskedName(questionTerms, word) && !(i == 0 && OPENERS.contains(word));
            if (name && previous) {
                return true;
            }
            previous = name && Character.isLetter(words[i].charAt(words[i].length() - 1)); // not over punctuation
        }
        return false;
    }

    /**
     * Whether {@code sentence} holds, after its first word, a {@linkplain #unaskedName name the question did not
     * give} ("His father was Corin Voss": Corin).
     */
    static boolean namesAnyoneElse(Set<String> questionTerms, String sentence) {
        String[] words = SPACE.split(sentence.strip());
        for (int i = 1; i < words.length; i++) {
            if (unaskedName(questionTerms, EDGE.matcher(words[i]).replaceAll(""))) {
                return true;
            }
        }
        return false;
    }

    /** A capitalised word, not all capitals (an acronym), whose term is none of {@code questionTerms}. */
    private static boolean unaskedName(Set<String> questionTerms, String word) {
        return !word.isEmpty() && Character.isUpperCase(word.codePointAt(0)) && !word.equals(word.toUpperCase(Locale.ROOT))
                && Terms.of(word).stream().noneMatch(questionTerms::contains);
    }

    /** A sentence that opens with a personal pronoun: He, She, His, Her, Him, They, Their. */
    private static final Pattern PERSONAL = Pattern.compile("^(?:He|She|His|Her|Him|They|Their)\\b");

    /**
     * Whether {@code sentence} opens with a personal pronoun (He, She, His, Her, They, Their), so that the person
     * it speaks of is named before it.
     */
    static boolean opensWithPerson(String sentence) {
        return PERSONAL.matcher(sentence.strip()).find();
    }

    /**
     * Whether {@code sentence} gives a cause: because, due to, as a result of, caused by, owing to, causes,
     * leads to, results in, is why, "the answer is / turned out to be" (a book answering the question it asked), or
     * a cause before its consequence: "..., so we can only observe ..." (not "so far", "so that", "so much", "so
     * many", "so called"), or a degree that rules something out: "too low to retain an atmosphere", "too small and
     * too hot to retain its gas". Not "since": as often a time as a cause ("have since been erased", "since 1967"), and
     * where it is a cause, mostly of something else than a question asks ("Since impact craters are rare on Earth,
     * geologists did not expect ..."). Nor a purpose ("so that", "in order to"): what something is for, which a
     * "why" question about nature does not ask ("... the outward pressure in the core so that the star does not
     * collapse" for why iron cannot be fused).
     */
    static boolean givesCause(String sentence) {
        return CAUSE.matcher(sentence).find();
    }

    /** A mechanism in the passive with its agent: "is pushed ... by", "are formed by", "must be warmed by". */
    private static final Pattern AGENT = Pattern.compile("(?i)\\b(?:is|are|was|were|be|been|being)\\s+(?:\\p{L}+ly\\s+)?"
            + "(?:driven|pushed|pulled|heated|warmed|cooled|powered|formed|produced|generated|created|carried|blown"
            + "|swept|erased|destroyed|eroded|absorbed|scattered|blocked|bound|compressed|reddened|dimmed|stretched"
            + "|torn|triggered|fueled|fuelled|shaped|accelerated|slowed|stopped|prevented|replenished|removed"
            + "|stripped|ionized|excited|raised|lowered|trapped|squeezed)\\b[^.;:]{0,40}?\\bby\\b");

    /**
     * Whether {@code sentence} gives a mechanism in the passive, with its agent: "the straight ion tail is pushed
     * more directly outward from the Sun by ...", "craters have since been erased by forces in the planet's crust"
     * (a verb that makes or changes something, then "by" within 40 characters; not "discovered by", "observed
     * by", which name who found something, not what causes it).
     */
    static boolean givesAgent(String sentence) {
        return AGENT.matcher(sentence).find();
    }

    /** The auxiliaries and adverbs between "who" and the verb it asks about ("who first worked out ..."). */
    private static final Pattern ASKED_VERB = Pattern.compile(
            "(?i)^\\s*who\\s+(?:(?:first|actually|originally|later|also|independently|finally|really)\\s+)*(\\p{L}+)");
    private static final Set<String> AUXILIARIES = Set.of("is", "are", "was", "were", "did", "does", "do", "has",
            "have", "had", "can", "could", "will", "would", "should", "may", "might", "must");

    /**
     * The stemmed terms of the verb a "who" question asks about, "who first worked out ...": work; "who predicted
     * ...": predict; empty when the word after "who" is an auxiliary ("who was ...") or the question does not
     * open with "who".
     */
    static Set<String> askedVerb(String question, TermAnalyzer analyzer) {
        Matcher m = ASKED_VERB.matcher(question);
        if (!m.find() || AUXILIARIES.contains(m.group(1).toLowerCase(Locale.ROOT))) {
            return Set.of();
        }
        return Set.copyOf(analyzer.terms(m.group(1)));
    }

    /**
     * Whether {@code sentence} opens as the consequence of the one before it: As a consequence, As a result,
     * Therefore, Thus, Hence, Consequently, This is why, That is why, For this reason, This means, So, or as an
     * inference from what the one before reports ("This discrepancy implies that ...", "These observations show
     * that ...": for "why do astronomers think ...", the evidence is in the sentence before).
     */
    static boolean consequence(String sentence) {
        return CONSEQUENCE.matcher(sentence).find();
    }

    /**
     * Whether {@code sentence} opens as the result of what the one before it says: As a consequence, As a result,
     * Therefore, Thus, Hence, Consequently, This is why, That is why, For this reason ("This means" and "So," open
     * an explanation as often as a result).
     */
    static boolean result(String sentence) {
        return RESULT.matcher(sentence).find();
    }

    /**
     * A sentence that opens by explaining or correcting the one before it: "However, ...", "But ...", "This is
     * because ...", "The reason is ...", "That happens because ...".
     */
    private static final Pattern EXPLAINS_BEFORE = Pattern.compile(
            "(?i)^(?:however\\b|but\\b|(?:this|that|it) (?:is|was|happens|occurs) (?:because|due to|so because)\\b"
                    + "|the (?:reason|explanation|answer) (?:is|was|lies)\\b)");

    /** Whether {@code sentence} opens by explaining or correcting the sentence before it ({@code EXPLAINS_BEFORE}). */
    static boolean explainsBefore(String sentence) {
        return EXPLAINS_BEFORE.matcher(sentence).find();
    }

    private static Set<String> stems(String words) {
        Set<String> out = new HashSet<>();
        for (String w : words.split(" ")) {
            out.addAll(Terms.of(w));
        }
        return Set.copyOf(out);
    }

    /** The question's distinct terms less question words; all its terms if that leaves none. */
    static Set<String> contentTerms(String question, TermAnalyzer analyzer) {
        List<String> all = analyzer.terms(question);
        Set<String> content = new HashSet<>(all);
        content.removeAll(QUESTION_WORDS);
        return content.isEmpty() ? new HashSet<>(all) : content;
    }

    /**
     * The answer type: {@link AnswerType#DATE} for "when" and "what/which year/date/century";
     * {@link AnswerType#NUMBER} for "how" followed by many, much, far, long, large, big, old, high, fast, hot,
     * cold, massive, heavy, wide, deep, bright, often, distant; {@link AnswerType#NAME} for "who", "whom", "whose";
     * else {@link AnswerType#NONE}.
     */
    static AnswerType answerType(String question) {
        String[] w = words(question);
        for (int i = 0; i < w.length; i++) {
            switch (w[i]) {
                case "when" -> {
                    return AnswerType.DATE;
                }
                case "who", "whom", "whose" -> {
                    return AnswerType.NAME;
                }
                case "how" -> {
                    if (i + 1 < w.length && HOW_MUCH.contains(w[i + 1])) {
                        return AnswerType.NUMBER;
                    }
                }
                case "what", "which" -> {
                    if (i + 1 < w.length && WHAT_DATE.contains(w[i + 1])) {
                        return AnswerType.DATE;
                    }
                }
                default -> {
                }
            }
        }
        return AnswerType.NONE;
    }

    /**
     * Whether {@code sentence} holds what {@code type} asks for: a digit or number word for a number; that or a
     * month, year, decade or century for a date; a capitalised word after the first word for a name.
     */
    static boolean matches(AnswerType type, String sentence) {
        if (type == AnswerType.NONE) {
            return true;
        }
        String[] words = SPACE.split(sentence);
        for (int i = 0; i < words.length; i++) {
            String word = EDGE.matcher(words[i]).replaceAll("");
            if (word.isEmpty()) {
                continue;
            }
            String lower = word.toLowerCase(Locale.ROOT);
            boolean number = word.chars().anyMatch(Character::isDigit) || NUMBER_WORDS.contains(lower);
            switch (type) {
                case NUMBER -> {
                    if (number) {
                        return true;
                    }
                }
                case DATE -> {
                    if (number || MONTHS.contains(lower)) {
                        return true;
                    }
                }
                default -> {
                    if (i > 0 && Character.isUpperCase(word.codePointAt(0))) {
                        return true;
                    }
                }
            }
        }
        return false;
    }

    /**
     * Whether {@code sentence} has the shape of a statement: at least {@value #MIN_WORDS} words (white-space
     * separated, holding a letter or digit), and either an end mark ({@code . ! ?}, before closing quotes or
     * brackets) or a verb-like word (an auxiliary such as is, has, can, or a lower-case word after the first
     * ending in -s or -ed). A heading or a document title ("History of the Kestrel Observatory") has neither. A
     * sentence whose letters are mostly of another script is a statement also by that script's shape (see
     * {@code scriptShape}: words counted by segmentation, the script's end mark, no English verb needed).
     */
    static boolean statement(String sentence) {
        return englishShape(sentence) || WordBreaks.mostlyNonLatin(sentence) && scriptShape(sentence);
    }

    /**
     * The shape of a statement in a script other than Latin, whose sentences need no English verb: at least
     * {@value #MIN_SCRIPT_WORDS} words by {@link WordBreaks#count} (a Han character is a word, Thai is segmented by
     * dictionary; a Korean sentence of three words is common: "대한민국의 수도는 서울이다.") and an end mark of any
     * script ({@code . ! ? 。 ！ ？ ． । ॥ ؟ ۔ ። ။ ։ ។}, before closing quotes or brackets), or, in Thai and Lao,
     * which end sentences with a space and no mark, {@value #MIN_WORDS} words and a last letter of that script.
     */
    private static boolean scriptShape(String sentence) {
        int words = WordBreaks.count(sentence);
        int i = lastBeforeClosing(sentence);
        if (words < MIN_SCRIPT_WORDS || i < 0) {
            return false;
        }
        if (SCRIPT_END_MARKS.indexOf(sentence.charAt(i)) >= 0) {
            return true;
        }
        Character.UnicodeScript script = Character.UnicodeScript.of(sentence.codePointBefore(i + 1));
        return words >= MIN_WORDS && (script == Character.UnicodeScript.THAI || script == Character.UnicodeScript.LAO);
    }

    /** The offset of the last character before closing quotes and brackets, or -1. */
    private static int lastBeforeClosing(String sentence) {
        int i = sentence.length() - 1;
        while (i >= 0 && CLOSING.indexOf(sentence.charAt(i)) >= 0) {
            i--;
        }
        return i;
    }

    /** The English shape of a statement (see {@link #statement}). */
    private static boolean englishShape(String sentence) {
        String[] words = SPACE.split(sentence.strip());
        int count = 0;
        boolean verb = false;
        for (int i = 0; i < words.length; i++) {
            String word = EDGE.matcher(words[i]).replaceAll("");
            if (word.isEmpty()) {
                continue;
            }
            count++;
            String lower = word.toLowerCase(Locale.ROOT);
            verb |= VERBS.contains(lower) || i > 0 && word.equals(lower) && lower.length() > 3
                    && (lower.endsWith("ed") || lower.endsWith("s") && !lower.endsWith("ss") && !lower.endsWith("us"));
        }
        return count >= MIN_WORDS && (verb || endsWithMark(sentence));
    }

    private static boolean endsWithMark(String sentence) {
        int i = sentence.length() - 1;
        while (i >= 0 && "\"')]\u201d\u2019".indexOf(sentence.charAt(i)) >= 0) {
            i--;
        }
        return i >= 0 && ".!?".indexOf(sentence.charAt(i)) >= 0;
    }

    /** The sentence as compared for sameness: lower case, runs of anything but letters and digits as one space. */
    static String normalised(String sentence) {
        return sentence.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
