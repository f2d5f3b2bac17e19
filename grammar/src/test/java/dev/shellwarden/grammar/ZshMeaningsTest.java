package dev.shellwarden.grammar;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.shellwarden.grammar.bash.Names;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class ZshMeaningsTest {

    @Test
    void equalsAndFilesBuiltinsNameTheProgram() {
        assertEquals("rm", Names.canonicalCommand("=rm"));
        assertEquals("rm", Names.canonicalCommand("zf_rm"));
        assertEquals("rm", Names.canonicalCommand("=zf_rm"));
        assertEquals("rm", Names.canonicalCommand("=grm"));
        assertEquals("=", Names.canonicalCommand("="));
        assertEquals("==", Names.canonicalCommand("=="));
        assertEquals("=/bin/rm", Names.canonicalCommand("=/bin/rm"));
        assertEquals("zf_other", Names.canonicalCommand("zf_other"));
    }

    @Test
    void codeQualifiersAreCutOut() {
        assertEquals(List.of("rm -rf ~"), ZshMeanings.qualifierCode("*(e:'rm -rf ~':)", "*(e:rm -rf ~:)"));
        assertEquals(List.of("rm -rf ~"), ZshMeanings.qualifierCode("*(e['rm -rf ~'])", "*(e[rm -rf ~])"));
        assertEquals(List.of("x | y"), ZshMeanings.qualifierCode("*(N.e:'x | y':)", "*(N.e:x | y:)"));
        assertEquals(List.of("newest"), ZshMeanings.qualifierCode("*(+newest)", "*(+newest)"));
        assertEquals(List.of("x"), ZshMeanings.qualifierCode("*(#qe:x:)", "*(#qe:x:)"));
        assertEquals(Arrays.asList((String) null), ZshMeanings.qualifierCode("*(e:x)", "*(e:x)"));
    }

    @Test
    void selectingQualifiersAndOtherGroupsRunNothing() {
        for (String w : List.of("*(N)", "*(/)", "*(.om[1,-1])", "*(m+7)", "*(Lk+3)", "*(u:dev:)", "*(:e)", "*(:h)",
                "$(date)", "<(ls)", "=(ls)", "@(a|b)", "!(node_modules)", "?(x)", "*.(test|spec)", "x")) {
            assertEquals(List.of(), ZshMeanings.qualifierCode(w, w), w);
        }
        assertEquals(List.of(), ZshMeanings.qualifierCode("'*(e:x:)'", "*(e:x:)"));
        assertEquals(List.of(), ZshMeanings.qualifierCode("\"*(e:x:)\"", "*(e:x:)"));
    }

    @Test
    void quietModulesOnly() {
        assertFalse(ZshMeanings.loadsUnquietModule(words("zmodload", "zsh/datetime")));
        assertFalse(ZshMeanings.loadsUnquietModule(words("zmodload", "-F", "zsh/files", "b:zf_rm")));
        assertFalse(ZshMeanings.loadsUnquietModule(words("zmodload")));
        assertTrue(ZshMeanings.loadsUnquietModule(words("zmodload", "zsh/mapfile")));
        assertTrue(ZshMeanings.loadsUnquietModule(words("zmodload", "zsh/net/tcp")));
        assertTrue(ZshMeanings.loadsUnquietModule(words("zmodload", "-i", "zsh/system")));
    }

    private static List<Word> words(String... w) {
        return Arrays.stream(w).map(Word::literal).toList();
    }
}
