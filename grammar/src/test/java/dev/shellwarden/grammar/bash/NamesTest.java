package dev.shellwarden.grammar.bash;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class NamesTest {

    @Test
    void versionedNodeNamesAreNode() {
        for (String n : new String[] {"node20", "node-22", "nodejs18", "nodejs-20", "node22.1", "NODE20.EXE"}) {
            assertEquals("node", Names.canonicalCommand(n), n);
        }
    }

    @Test
    void otherNamesThatStartWithNodeStay() {
        for (String n : new String[] {"node", "nodejs", "nodemon", "node-gyp", "node-pre-gyp", "nodeenv"}) {
            assertEquals(n, Names.canonicalCommand(n), n);
        }
    }

    @Test
    void gnuPrefixedAndWindowsLaunchersAsBefore() {
        assertEquals("rm", Names.canonicalCommand("grm"));
        assertEquals("npx", Names.canonicalCommand("NPX.CMD"));
    }
}
