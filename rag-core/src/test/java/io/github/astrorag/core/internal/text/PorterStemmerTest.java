package io.github.astrorag.core.internal.text;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class PorterStemmerTest {

    /** Examples from Porter (1980), each step's table, and the reference code's two departures. */
    @ParameterizedTest
    @CsvSource({
        "caresses,caress", "ponies,poni", "ties,ti", "caress,caress", "cats,cat",
        "feed,feed", "agreed,agre", "plastered,plaster", "bled,bled", "motoring,motor", "sing,sing",
        "conflated,conflat", "troubled,troubl", "sized,size", "hopping,hop", "tanned,tan", "falling,fall",
        "hissing,hiss", "fizzed,fizz", "failing,fail", "filing,file", "happy,happi", "sky,sky",
        "relational,relat", "conditional,condit", "rational,ration", "digitizer,digit",
        "radically,radic", "vietnamization,vietnam", "predication,predic", "operator,oper",
        "feudalism,feudal", "decisiveness,decis", "hopefulness,hope", "callousness,callous",
        "formality,formal", "sensitivity,sensit", "sensibility,sensibl", "triplicate,triplic",
        "formative,form", "formalize,formal", "electricity,electr", "electrical,electr", "goodness,good",
        "revival,reviv", "allowance,allow", "inference,infer", "airliner,airlin", "adjustable,adjust",
        "defensible,defens", "irritant,irrit", "replacement,replac", "adjustment,adjust",
        "dependent,depend", "adoption,adopt", "communism,commun", "activate,activ", "effective,effect",
        "bowdlerize,bowdler", "probate,probat", "rate,rate", "cease,ceas", "controlling,control", "roll,roll",
        // departures of the reference implementation: -bli → -ble, -logi → -log
        "conformably,conform", "archaeology,archaeolog", "galaxies,galaxi", "is,is", "as,as"
    })
    void stemsAsThePaperAndTheReferenceCode(String word, String stem) {
        assertThat(PorterStemmer.stem(word)).isEqualTo(stem);
    }
}
