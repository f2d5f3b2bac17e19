package dev.shellwarden.checker;

import java.util.List;

/** Builds letters for tests; every string is JSON-escaped. */
final class Letters {

    private Letters() {
    }

    /** A shell letter with one command per raw text, indexes 0..n-1, project /home/dev/project. */
    static String of(String... raws) {
        return withAction("shell", List.of(raws));
    }

    /** A letter with the given action. */
    static String withAction(String action, List<String> raws) {
        StringBuilder sb = new StringBuilder();
        sb.append("{\"version\":1,\"invocation\":{\"id\":\"msg_01:call_07\",\"sessionID\":\"ses_1\",")
                .append("\"projectDir\":\"/home/dev/project\"},\"action\":").append(quote(action))
                .append(",\"commands\":[");
        for (int i = 0; i < raws.size(); i++) {
            if (i > 0) {
                sb.append(',');
            }
            sb.append("{\"index\":").append(i).append(",\"raw\":").append(quote(raws.get(i)))
                    .append(",\"cwd\":\"\"}");
        }
        return sb.append("]}").toString();
    }

    /** A JSON string literal. */
    static String quote(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            switch (c) {
                case '"' -> sb.append("\\\"");
                case '\\' -> sb.append("\\\\");
                case '\n' -> sb.append("\\n");
                case '\r' -> sb.append("\\r");
                case '\t' -> sb.append("\\t");
                default -> {
                    if (c < 0x20) {
                        sb.append(String.format("\\u%04x", (int) c));
                    } else {
                        sb.append(c);
                    }
                }
            }
        }
        return sb.append('"').toString();
    }
}
