// Tokens of bash / POSIX sh for the splitter.
//
// Two layers. The rules below cut the text into fine *pieces* (a bare run, a quoted string, the
// opener of `$(`, `${`, `$((`, `<(`…) and switch modes for the contexts lexer rules can express
// (double quotes, `${…}`, arithmetic, heredoc bodies). The base class BashLexerBase then does what
// rules cannot: it glues adjacent pieces into one WORD (so word boundaries are structural and the
// parser needs no predicates), consumes whole nested substitutions into the word that holds them,
// reads pending heredoc bodies raw at the next newline, turns words into keywords only in command
// position, guards popMode, and enforces the nesting and token budgets.
//
// INVARIANT: every mode ends with a catch-all ERROR_CHAR rule, so the lexer never throws and
// never silently drops a character; the splitter treats any ERROR_CHAR as a syntax error.
lexer grammar BashLexer;

options { superClass = BashLexerBase; }

// Emitted by BashLexerBase only (never matched by a rule).
tokens {
    WORD, IO_NUMBER, SUB_CLOSE, ARITH_CMD, DBRACK_OPEN, DBRACK_CLOSE,
    IF, THEN, ELSE, ELIF, FI, DO, DONE, CASE, ESAC, WHILE, UNTIL, FOR, SELECT, IN, FUNCTION,
    LBRACE, RBRACE, BANG, TIME, TIME_OPT, COPROC
}

// ---------------------------------------------------------------- DEFAULT: command context
LINE_CONT : '\\' '\r'? '\n' ;
NEWLINE   : '\r'? '\n' ;
BLANK     : [ \t\f\r]+ -> skip ;
// `#` starts a comment only at the start of a word (`a#b` is one word).
COMMENT   : '#' {commentStart()}? ~[\r\n\uFFFD]* -> skip ;

DSEMI_AND  : ';;&' ;
DSEMI      : ';;' ;
SEMI_AND   : ';&' ;
SEMI       : ';' ;
AND_IF     : '&&' ;
OR_IF      : '||' ;
PIPE_AMP   : '|&' ;
PIPE       : '|' ;
AMP_DGREAT : '&>>' ;
AMP_GREAT  : '&>' ;
AMP        : '&' ;

// `((` opens an arithmetic command; `$((` (below) an arithmetic expansion.
DPAREN_OPEN  : '((' {onArithOpen(true);} ;
LPAREN       : '(' {onLParen();} ;
// An unmatched `)` inside `$(`/`<(` is typed SUB_CLOSE; the base class decides (it may still be
// a case pattern's `)`, which only the words before it can tell).
RPAREN       : ')' {onRParen();} ;
PROCSUB_OPEN : [<>] '(' {onSubOpen(PROCSUB_OPEN);} ;

DLESSDASH : '<<-' ;
TLESS     : '<<<' ;
DLESS     : '<<' ;
DGREAT    : '>>' ;
CLOBBER   : '>|' ;
GREATAND  : '>&' ;
LESSAND   : '<&' ;
LESSGREAT : '<>' ;
GREAT     : '>' ;
LESS      : '<' ;

// A descriptor number directly followed by a redirection operator (`2>`, `1>&2`) is lexed as
// BARE and retyped IO_NUMBER by the base class: a predicate here would defeat the DFA cache for
// every token that starts with a digit.

// Word pieces.
SQ         : '\'' ~['\uFFFD]* '\'' ;
ANSI       : '$\'' ( '\\' . | ~['\\] )* '\'' ;
DQ_OPEN    : '$'? '"' -> pushMode(DQ) ;
ARITH_OPEN : '$((' {onArithOpen(false);} ;
SUB_OPEN   : '$(' {onSubOpen(SUB_OPEN);} ;
// bash 5.3's command substitution without a subshell: `${ list; }` and `${| list; }` (the value
// is REPLY). A blank, newline or `|` after `${` opens one; it closes at a `}` reserved word of
// its own level (see BashLexerBase#classify). Longer than PARAM_OPEN, so it wins.
FUNSUB_OPEN : '${' [ \t\n|] {onSubOpen(FUNSUB_OPEN);} ;
PARAM_OPEN : '${' {onParamOpen();} ;
PARAM      : PARAM_F ;
// Old-style arithmetic `$[ … ]` (no nesting).
DOLLAR_BRACKET : '$[' ~[\]\u0000]* ']' ;
BACKTICK   : BACKTICK_F ;
// `\` + CR is an escaped CR (only `\` + newline, CRLF included, is a line continuation).
ESC        : '\\' ~[\n] ;
// A backslash that ends the input stays a literal backslash (bash reads `foo \` so).
LONE_ESC   : '\\' EOF -> type(ESC) ;
BARE       : BARE_CHAR (BARE_CHAR | '#')* ;
DOLLAR     : '$' ;
HASH       : '#' ;
ERROR_CHAR : . ;

fragment PARAM_F    : '$' ( [A-Za-z_] [A-Za-z0-9_]* | [0-9] | [@*#?$!\-] ) ;
fragment BACKTICK_F : '`' ( '\\' . | ~[`\\] )* '`' ;
fragment BARE_CHAR  : ~[ \t\f\r\n;&|<>()'"\\`$#\u0000\uFFFD] ;

// ---------------------------------------------------------------- "…" and $"…"
mode DQ;
DQ_CLOSE       : '"' -> popMode ;
DQ_ESC         : '\\' . ;
DQ_TEXT        : ~["\\$`\u0000\uFFFD]+ ;
DQ_ARITH_OPEN  : '$((' {onArithOpen(false);} -> type(ARITH_OPEN) ;
DQ_SUB_OPEN    : '$(' {onSubOpen(SUB_OPEN);} -> type(SUB_OPEN) ;
DQ_FUNSUB_OPEN : '${' [ \t\n|] {onSubOpen(FUNSUB_OPEN);} -> type(FUNSUB_OPEN) ;
DQ_PARAM_OPEN  : '${' {onParamOpen();} -> type(PARAM_OPEN) ;
DQ_PARAM       : PARAM_F -> type(PARAM) ;
DQ_BACKTICK    : BACKTICK_F -> type(BACKTICK) ;
DQ_DOLLAR      : '$' -> type(DOLLAR) ;
DQ_ERROR       : . -> type(ERROR_CHAR) ;

// ---------------------------------------------------------------- ${…}
mode PARAM_MODE;
PARAM_CLOSE    : '}' {onParamClose();} ;
PA_ESC         : '\\' . -> type(ESC) ;
PA_SQ          : '\'' ~'\''* '\'' -> type(SQ) ;
PA_DQ_OPEN     : '$'? '"' -> pushMode(DQ), type(DQ_OPEN) ;
PA_ARITH_OPEN  : '$((' {onArithOpen(false);} -> type(ARITH_OPEN) ;
PA_SUB_OPEN    : '$(' {onSubOpen(SUB_OPEN);} -> type(SUB_OPEN) ;
PA_FUNSUB_OPEN : '${' [ \t\n|] {onSubOpen(FUNSUB_OPEN);} -> type(FUNSUB_OPEN) ;
PA_PARAM_OPEN  : '${' {onParamOpen();} -> type(PARAM_OPEN) ;
PA_PARAM       : PARAM_F -> type(PARAM) ;
PA_BACKTICK    : BACKTICK_F -> type(BACKTICK) ;
PA_TEXT        : ~[}\\'"$`\u0000\uFFFD]+ ;
PA_DOLLAR      : '$' -> type(DOLLAR) ;
PA_ERROR       : . -> type(ERROR_CHAR) ;

// ---------------------------------------------------------------- $(( … )) and (( … ))
mode ARITH;
ARITH_CLOSE    : '))' {arithTop()}? {onArithClose();} ;
AR_LPAREN      : '(' {arithParen(1);} ;
AR_RPAREN      : ')' {arithParen(-1);} ;
AR_ESC         : '\\' . -> type(ESC) ;
AR_SQ          : '\'' ~'\''* '\'' -> type(SQ) ;
AR_DQ_OPEN     : '$'? '"' -> pushMode(DQ), type(DQ_OPEN) ;
AR_ARITH_OPEN  : '$((' {onArithOpen(false);} -> type(ARITH_OPEN) ;
AR_SUB_OPEN    : '$(' {onSubOpen(SUB_OPEN);} -> type(SUB_OPEN) ;
AR_FUNSUB_OPEN : '${' [ \t\n|] {onSubOpen(FUNSUB_OPEN);} -> type(FUNSUB_OPEN) ;
AR_PARAM_OPEN  : '${' {onParamOpen();} -> type(PARAM_OPEN) ;
AR_PARAM       : PARAM_F -> type(PARAM) ;
AR_BACKTICK    : BACKTICK_F -> type(BACKTICK) ;
AR_TEXT        : ~[()\\'"$`\u0000\uFFFD]+ ;
AR_DOLLAR      : '$' -> type(DOLLAR) ;
AR_ERROR       : . -> type(ERROR_CHAR) ;

// ---------------------------------------------------------------- unquoted heredoc bodies
// Used only to scan a body for the expansions the shell performs in it.
mode HDOC;
HD_ESC         : '\\' . -> type(ESC) ;
HD_TEXT        : ~[\\$`]+ ;
HD_ARITH_OPEN  : '$((' {onArithOpen(false);} -> type(ARITH_OPEN) ;
HD_SUB_OPEN    : '$(' {onSubOpen(SUB_OPEN);} -> type(SUB_OPEN) ;
HD_FUNSUB_OPEN : '${' [ \t\n|] {onSubOpen(FUNSUB_OPEN);} -> type(FUNSUB_OPEN) ;
HD_PARAM_OPEN  : '${' {onParamOpen();} -> type(PARAM_OPEN) ;
HD_PARAM       : PARAM_F -> type(PARAM) ;
HD_BACKTICK    : BACKTICK_F -> type(BACKTICK) ;
HD_DOLLAR      : '$' -> type(DOLLAR) ;
HD_ERROR       : . -> type(ERROR_CHAR) ;
