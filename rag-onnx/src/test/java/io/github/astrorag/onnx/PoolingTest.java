package io.github.astrorag.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class PoolingTest {

    /** Two sequences of three tokens, dimension 2, laid out [batch, length, dimension]. */
    private static final float[] STATES = {
        1, 2, 3, 4, 5, 6, // sequence 0: tokens (1,2) (3,4) (5,6)
        7, 8, 9, 10, 11, 12, // sequence 1: tokens (7,8) (9,10) (11,12)
    };

    @Test
    void meanAveragesOnlyTheMaskedInTokens() {
        float[] v = Pooling.MEAN.pool(STATES, 0, 3, 2, new long[] {1, 1, 0});
        // ((1+3)/2, (2+4)/2)
        assertThat(v).containsExactly(2f, 3f);
    }

    @Test
    void meanOverAFullMaskIsTheAverageOfAllTokens() {
        float[] v = Pooling.MEAN.pool(STATES, 6, 3, 2, new long[] {1, 1, 1});
        // ((7+9+11)/3, (8+10+12)/3)
        assertThat(v).containsExactly(9f, 10f);
    }

    @Test
    void clsTakesTheFirstTokenOfItsSequence() {
        assertThat(Pooling.CLS.pool(STATES, 0, 3, 2, new long[] {1, 1, 1})).containsExactly(1f, 2f);
        assertThat(Pooling.CLS.pool(STATES, 6, 3, 2, new long[] {1, 0, 0})).containsExactly(7f, 8f);
    }

    @Test
    void poolingDoesNotWriteIntoTheStates() {
        float[] copy = STATES.clone();
        Pooling.MEAN.pool(STATES, 0, 3, 2, new long[] {1, 1, 1})[0] = 99f;
        Pooling.CLS.pool(STATES, 0, 3, 2, new long[] {1, 1, 1})[0] = 99f;
        assertThat(STATES).containsExactly(copy);
    }
}
