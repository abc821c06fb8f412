package io.github.astrorag.eval.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RougeStemmerTest {

    private final RougeStemmer stemmer = new RougeStemmer();

    /** Words of Porter's 1980 paper and a few traced by hand through the five steps. */
    @ParameterizedTest
    @CsvSource({
            "caresses,caress", "ponies,poni", "caress,caress", "cats,cat",
            "feed,feed", "agreed,agre", "plastered,plaster", "bled,bled", "motoring,motor", "sing,sing",
            "conflated,conflat", "troubled,troubl", "sized,size", "hopping,hop", "tanned,tan", "falling,fall",
            "hissing,hiss", "fizzed,fizz", "failing,fail", "filing,file", "happy,happi",
            "relational,relat", "conditional,condit", "generalizations,gener", "hopefulness,hope",
            "electrical,electr", "adjustment,adjust", "adoption,adopt", "running,run", "quickly,quickli",
            "police,polic", "found,found", "were,were"})
    void stemsLikePorter(String word, String stem) {
        assertThat(stemmer.stem(word)).isEqualTo(stem);
    }

    /** NLTK's extensions, which rouge-score inherits. */
    @ParameterizedTest
    @CsvSource({"ties,tie", "died,die", "cried,cri", "skies,sky", "dying,die", "radically,radic",
            "archaeology,archaeolog", "hopefully,hope", "humbly,humbl", "possibly,possibl", "is,is", "OWNERSHIP,ownership"})
    void appliesNltkExtensions(String word, String stem) {
        assertThat(stemmer.stem(word)).isEqualTo(stem);
    }

    @Test
    void measureCountsVowelConsonantSequences() {
        assertThat(RougeStemmer.measure("tr")).isZero();
        assertThat(RougeStemmer.measure("ee")).isZero();
        assertThat(RougeStemmer.measure("trouble")).isEqualTo(1);
        assertThat(RougeStemmer.measure("oats")).isEqualTo(1);
        assertThat(RougeStemmer.measure("troubles")).isEqualTo(2);
        assertThat(RougeStemmer.measure("private")).isEqualTo(2);
    }
}
