package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** getopt's reading of a short-option cluster, which tar's and tcpdump's facts rest on. */
class ShortOptionsTest {

    /**
     * Each row: the words (space separated), the value letters, the letters read as
     * {@code letter[=value]} joined by commas, and the index of the last word used.
     */
    @ParameterizedTest(name = "{0} with value letters {1}")
    @CsvSource(delimiter = '|', value = {
        "-czf out.tgz src | f     | c,z,f=out.tgz   | 1",
        "-xfz A           | f     | x,f=z           | 0",
        "-fA B            | f     | f=A             | 0",
        "-vt DIR x        | tS    | v,t=DIR         | 1",
        "-wc              | cw    | w=c             | 0",
        "-nc 10           | cw    | n,c=10          | 1",
        "-nvx             | f     | n,v,x           | 0",
        "-f               | f     | f=              | 0",
    })
    void readsOneClusterTheWayGetoptDoes(String words, String valueLetters, String expected, int lastUsed) {
        List<String> args = List.of(words.split(" "));
        List<String> seen = new ArrayList<>();
        int last = ShortOptions.readCluster(args, 0, valueLetters,
                (c, v) -> seen.add(v == null ? String.valueOf(c) : c + "=" + v));
        assertEquals(expected, String.join(",", seen));
        assertEquals(lastUsed, last);
    }
}
