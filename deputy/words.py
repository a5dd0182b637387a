"""The reader's built-in English word lists: closed-class words and the verbs it knows to refuse.

Data only. A vocabulary adds to these unless it says "extends_default": false; words that name what a
program does (its capabilities' verbs, its own blockers) belong in the program's vocabulary file.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = ["DEFAULT_NUMERALS", "DEFAULT_SPELLINGS", "DEFAULT_WORDS"]

# The reader's English words; a vocabulary adds to these unless it says "extends_default": false.
DEFAULT_WORDS: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "request_modals": ("could", "would", "will"),
    "permission_modals": ("can", "may", "might"),
    "permission_words": (
        "allow", "permit", "let", "able", "ok", "okay", "alright", "fine", "possible", "permissible", "legal",
        "permission", "right", "clearance",
    ),
    # "I ask you to fetch A", "I kindly request that you download A": a wish of the speaker's, as "want".
    "request_governors": ("want", "like", "need", "mind", "love", "wish", "ask", "request"),
    # Verbs that embed a question: "check whether we may fetch A", "tell me if the queue is empty".
    "embedders": ("check", "see", "verify", "confirm", "tell", "show", "determine", "find", "know", "wonder", "ask",
                  "figure"),  # "figure out if …" (round 19, ctx19b)
    # Verbs that only lead into the action: "go fetch A", "help me download A".
    "serial_verbs": ("go", "come", "help"),
    "politeness": ("please", "kindly", "pls", "plz"),
    "courtesy": (
        "hi", "hello", "hey", "thanks", "thank", "cheers", "ok", "okay", "great", "good", "morning", "afternoon",
        "evening", "dear", "friend", "please", "kindly", "sir", "ty", "thx", "you", "much", "very", "a", "lot",
        "in", "advance", "there", "yes", "sure", "again", "yo", "hiya", "heya", "btw", "fyi", "oh", "ah", "well",
        "so", "alright", "right", "thank-you",
    ),
    # "nt" is how the tokenizer splits "dont", "didnt", "cant": a negation however it is spelt.
    "negations": (
        "not", "n't", "nt", "never", "no", "none", "nothing", "neither", "nor", "nobody", "nowhere", "cannot",
    ),
    # Verbs that ask me not to act on what they name, read as negations: "Skip A for now", "Hold off on
    # A", "Leave A alone", "Forget about A", "Leave out B". A phrasal verb is its verb and one word the
    # verb governs ("off", "alone", "about"), whatever stands between them.
    # Round 25 (ctx25): "Kindly refrain from fetching A", "abstain from downloading A" ask the same (a safety list).
    "negating_verbs": (
        "skip", "hold off", "put off", "leave alone", "leave out", "forget about", "refrain from", "abstain from",
        "desist from",
    ),
    "conditions": (
        "if", "unless", "whenever", "provided", "providing", "assuming", "suppose", "supposing", "in case",
        "as long as", "so long as", "only if", "even if", "as soon as", "once", "until", "till", "after",
        "before", "when", "while",
    ),
    "unsupported": (
        "delete", "remove", "erase", "wipe", "drop", "destroy", "clear", "purge", "truncate", "overwrite",
        "post", "submit", "send", "upload", "publish", "email", "mail", "message", "tweet", "share",
        "log", "login", "sign", "register", "authenticate", "click", "press", "type", "fill", "enter",
        "run", "execute", "eval", "evaluate", "install", "uninstall", "buy", "pay", "order", "purchase",
        "book", "subscribe", "unsubscribe", "edit", "modify", "change", "write", "rewrite", "update", "set",
        "reset", "restart", "kill", "stop", "shut", "disable", "enable", "ignore", "forget", "bypass",
        "override", "hack", "attack", "spam", "flood", "follow", "spider", "rename", "move", "copy", "replace",
        "translate", "summarize", "summarise", "open", "visit", "browse", "search", "find", "print", "reply",
        "answer", "forward", "call", "text", "pretend", "act", "become", "switch", "grant", "give", "make",
        "create", "add", "insert", "put", "start", "launch", "schedule", "repeat", "loop", "continue",
        # "retry" is no longer here: with addresses for its objects it fetches (retrying_verbs, round 17).
        "ping", "scan", "probe", "exploit", "inject", "bruteforce", "crack", "decrypt", "encrypt", "render",
        "convert", "parse", "extract", "analyze", "analyse", "compare", "monitor", "watch", "keep", "tell",
        "say", "use", "try", "skip", "disregard", "pretend", "bypass", "rm",
        # "Export the page counts to a spreadsheet": a verb the small model reads as a noun when it opens
        # the prompt, unless the reader knows it as a verb it refuses.
        "export",
        # Round 25 (ctx25): a load test is no fetch: "Hammer A with 500 requests a second".
        "hammer", "bombard", "ddos",
    ),
    "neutral_predicates": ("list", "mention", "include", "attach", "paste"),
    "adverbs": (
        "please", "kindly", "now", "right", "away", "just", "also", "too", "then", "quickly", "soon",
        "immediately", "here", "below", "above", "already", "yet", "currently", "so", "far", "there", "for",
        "me", "us", "as", "well", "again", "both", "all", "respectively", "at", "once", "asap", "today",
        "actually", "still", "ever", "really", "ahead", "successfully", "correctly", "properly",
        "fully", "completely", "last", "ok", "okay", "first", "second", "third", "finally", "lastly", "next",
        # A count over everything stored: "How many pages have we stored altogether?", "… stored total".
        "altogether", "overall", "total",
    ),
    "prepositions": ("from", "at", "for", "of", "on", "in", "about", "to", "into", "by", "with", "according"),
    # Words that ask for more than the reader can promise (a whole site, a login, a schedule): refused.
    "blockers": (
        "everything", "anything", "entire", "whole", "recursively", "recursive", "subpages", "sitemap",
        "cookie", "cookies", "password", "passwords", "credentials", "javascript", "js", "login",
        "tomorrow", "tonight", "later", "hourly", "daily", "weekly", "monthly", "every", "forever",
        "always", "root", "admin", "sudo", "script", "scripts", "rm", "instructions", "mode",
        # Choices and exceptions: "fetch A or B", "A instead of B", "all pages except B".
        "or", "either", "instead", "except", "excluding", "without", "rather", "than", "but", "all", "only",
        # Hedges and asides: "A, e.g. B", "A and maybe B", "(optional: B)".
        "e.g.", "eg", "i.e.", "ie", "aka", "a.k.a.", "maybe", "perhaps", "possibly", "optional", "optionally",
        # Times and schedules the reader cannot keep: "on Monday", "in 5 minutes".
        "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday", "weekend", "noon",
        "midnight", "minute", "minutes", "hour", "hours", "day", "days", "week", "weeks", "month", "months",
        "schedule", "scheduled", "periodically", "regularly", "repeatedly", "twice", "again_and_again",
    ),
    # Verbs refused wherever they stand and whatever the tagger made of them ("… and bypass robots.txt").
    "forbidden": (
        "delete", "remove", "erase", "wipe", "purge", "destroy", "bypass", "ignore", "disregard", "override",
        "execute", "submit", "upload", "uninstall", "hack", "inject", "exploit", "pretend", "forget",
    ),
    # Words always read as nouns, whatever the tagger guesses (a vocabulary adds its rare ones).
    "nouns": (),
    # Nouns that may stand for the things a slot holds ("download this page: A").
    "object_nouns": (
        "page", "pages", "url", "urls", "link", "links", "site", "sites", "website", "websites", "homepage",
        "document", "documents", "address", "addresses", "these", "this", "those", "them", "it", "one",
        "ones", "following", "copy", "file", "files", "resource", "resources",
    ),
    # "+" is how notes write "plus": "dl A + B".
    "list_words": ("and", ",", ";", ".", "!", "?", "also", "plus", "+", "too", "as", "well", "please", "thanks", "thank", "you", "-", "–", "—", "*", "•"),
    # Verbs that lead into the action and keep their own tense: "did you manage to fetch A", "how many
    # pages did you fail to fetch". They never make a request; only a question about what happened.
    # "were you able to fetch A" asks the same, in the past; in the present "able" asks permission.
    "achievers": ("manage", "fail", "happen", "able"),
    # Blockers that ask for a whole site rather than the pages named: "Crawl all of A recursively",
    # "Crawl A entire site". The real problem is an action no capability does, so they name an
    # unsupported action, not words the reader cannot place (round 17).
    "site_scopes": ("entire", "whole", "recursively", "recursive", "subpages"),
    # Quantifiers that reach for a whole site when they range over an address or its pages: "all of A",
    # "every page of A", "every linked page" (deputy.forms.whole_site, round 20). They only name a refusal
    # the reader makes anyway; they never make it act.
    "site_quantifiers": ("all", "every"),
    # Round 25 (ctx25): a rate of requests is a load test ("500 requests a second", "50 times per minute",
    # deputy.forms.request_rate); they only rename a refusal of a request that acts.
    # Round 27 (lead): what "from/on" may name in a question whose optional address is left empty without
    # naming a site ("How many pages from the archive / from today?"): the store itself and times. Any other
    # noun there ("from the BBC", "from Wikipedia") names a source by a word, and the question is refused
    # rather than answered for the whole store (deputy.forms.unnamed_source). Adding one is a relaxation.
    "count_sources": (
        "store", "storage", "archive", "archives", "cache", "database", "db", "disk", "collection", "corpus",
        "crawl", "crawls", "job", "jobs", "run", "runs", "queue", "batch", "total", "all", "everything",
        "today", "yesterday", "tonight", "now", "day", "days", "week", "weeks", "weekend", "month", "months",
        "year", "years", "morning", "afternoon", "evening", "night", "hour", "hours", "minute", "minutes",
        "session", "time", "start", "beginning", "monday", "tuesday", "wednesday", "thursday", "friday",
        "saturday", "sunday", "list", "sitemap", "sitemaps", "web", "internet",
    ),
    "load_nouns": ("requests", "hits", "queries", "calls", "connections", "times", "reqs"),
    "load_units": ("second", "sec", "s", "minute", "min"),
    # Round 25 (ctx25): verbs of a clause on those nouns by which the pages are the ones a page links to ("every page
    # linked from A", "all the pages that A links to"): a crawl that follows links (deputy.forms.linked_pages).
    # They only rename a refusal the reader makes anyway.
    "link_following_verbs": ("link", "point", "reference"),
    # The nouns for a site's pages those quantifiers range over ("every page", "all links").
    "site_parts": ("page", "pages", "subpage", "subpages", "link", "links"),
    # Round 24 (safety24): adverbs by which an acting request reaches for a whole site, before or after its
    # address ("crawl entirely A", "download A completely", "scrape A thoroughly"); "full" and "entirety" as
    # the object of "in" ("download A in full", "in its entirety"). Only on the acting verb or its address
    # (deputy.forms.other_resource): they only ever refuse. "recursively" is a site scope (above) already.
    "site_adverbs": (
        "entirely", "completely", "fully", "thoroughly", "exhaustively", "wholly", "totally",
        "full", "entirety",
    ),
    # Round 24 (safety24): nouns for another resource than the page an address names, when an acting verb
    # takes them "of"/"for"/"from"/"on" that address ("download the robots.txt of A", "fetch the favicon of
    # A", "grab the images of A"): fetching A is not what was asked, so the request is refused
    # (deputy.forms.other_resource). "The text/HTML/content/source/copy/PDF of A" is A itself and not here.
    "resource_nouns": (
        "robots.txt", "robots", "favicon", "favicons", "sitemap", "sitemaps", "sitemap.xml", "logo", "logos",
        "icon", "icons", "feed", "feeds", "rss", "image", "images", "picture", "pictures", "photo", "photos",
        "attachment", "attachments", "pdfs", "links", "subpages", "comments", "videos", "assets", "scripts",
        "stylesheets", "downloads", "thumbnails", "screenshots", "screenshot",
    ),
    # Other agents a request may ask on behalf of ("Is Googlebot allowed to fetch A?"): the deputy only
    # answers for itself, so such a request is refused as unsupported (deputy.forms.elsewhere). English
    # names none; a program's vocabulary lists the agents of its field.
    "other_agents": (),
    # The names the reader's own robot goes by ("Would robots.txt stop MovaBot downloading A?"): English
    # names none; a program's vocabulary lists its robot's names. With "us", "me" and "our <noun>" they
    # are who a robots question asks about (deputy.forms.asked, deputy.text.robots_hinders, learner_forms,
    # context_paragraphs).
    "self_names": (),
    # Nouns the writer calls the reader's robot by after our/the/your ("Would robots.txt stop our crawler
    # downloading A?", "Is permitted for robot to take A?").
    "self_nouns": ("crawler", "bot", "robot", "spider"),
    # Verbs by which robots.txt hinders a fetch in a question ("Would robots.txt stop us downloading A?"),
    # read as the question whether it allows it (deputy.text.robots_hinders). Each only widens a robots
    # question, which observes.
    "hindering_verbs": ("stop", "prevent", "keep", "bar", "block", "forbid"),
    # Channels an answer may be asked to go by ("Title of A by email, please"): the deputy answers only
    # where it was asked, so a request for one is refused as unsupported (deputy.forms.elsewhere).
    "channels": ("email", "e-mail", "mail", "sms", "fax", "slack", "teams", "whatsapp", "telegram", "discord", "webhook"),
    # Hedges before the request, read as "please" (only where a request starts): "I'd appreciate it if
    # you could fetch A". Each is a phrase; "'" matches either apostrophe.
    "hedge_frames": (
        "I'd appreciate it if you could", "I would appreciate it if you could", "I'd appreciate it if you would",
        "I would appreciate it if you would", "I'd appreciate it if you'd", "I'd really appreciate it if you could",
        "I would really appreciate it if you could", "I'd be grateful if you could", "I would be grateful if you could",
        "I'd be grateful if you would", "I would be grateful if you would", "I'd be grateful if you'd",
        "it would be great if you could", "it'd be great if you could", "it would be nice if you could",
        "it'd be nice if you could", "it would help if you could", "if you could", "if you would",
        # Round 28 (voice28): the same suggestion put as the speaker's opinion: "I think it would help if you
        # fetched A" (the parse's "if you fetched → if you could fetch" makes it this frame). Only where a request
        # starts; "… if it changed" after the request keeps its condition.
        "I think it would help if you could", "I think it'd help if you could", "I think it would be good if you could",
        "I think it'd be good if you could", "I think it would be great if you could", "I think it'd be great if you could",
        "it would be useful if you could", "it'd be useful if you could", "I think it would be useful if you could",
        "it would be helpful if you could", "it'd be helpful if you could", "I think it would be helpful if you could",
        # "Ideally download A before lunch": the wish opening a request asks what "please" asks ("Ideally don't
        # download A" keeps its negation).
        "ideally",
        "don't forget to", "do not forget to", "remember to", "make sure to", "make sure you", "be sure to",
        "feel free to", "no rush, but", "no hurry, but", "would you be so kind as to",
        # The same hedges with "at all", and a wish for the favour: "No rush at all, but could you fetch A?",
        # "I'd love it if you could grab A" (round 14).
        "no rush at all, but", "no hurry at all, but", "I'd love it if you could", "I would love it if you could",
        "I'd love it if you would", "I would love it if you would",
        "could you be so kind as to", "be so kind as to",
        # A speaker's polite frame around "could you": "I was wondering whether you could fetch A".
        # Only the past progressive is the set phrase: "I wonder if you could fetch A" may muse about ability.
        "I was wondering if you could", "I was wondering whether you could", "I was wondering if you would",
        "I was wondering whether you would", "I was hoping you could",
        "I was hoping that you could", "I'm hoping you can", "I'm hoping you could", "I am hoping you can",
        "would it be possible for you to", "would it be possible to", "I'd be thankful if you could",
        "I would be thankful if you could", "I'd be obliged if you could", "I would be obliged if you could",
        "I'd be glad if you could", "I would be glad if you could", "I'd be happy if you could",
        "I would be happy if you could", "I'd be delighted if you could", "I'd be grateful if you did",
        # Indian and learner English: "Kindly do the needful and fetch A", "Please to fetch A" ask what
        # "please fetch A" asks; only where a request starts, like every frame.
        "do the needful and", "please to",
        # Learner English: "I want that you download A" (as in German, French, Spanish: "je veux que vous
        # …"), "I would like to ask you for download A" ("for" where "to" belongs) ask what "please" asks.
        "I want that you", "I would like that you", "I'd like that you", "I would want that you",
        "I would like to ask you for", "I'd like to ask you for", "I want to ask you for",
        # A suggestion for both of us is a request: "Let's fetch A next." ("Let us fetch A" may ask leave.)
        "let's",
        # An agent's narration to its tool is its request: "Let me fetch A and B." ("let me know …" is a
        # hedge aside or stays as written; what follows is read with every check a request gets.)
        "let me",
        # A softener beside the request modal: "Could you maybe fetch A?", "Perhaps you could fetch A?".
        # Only with could/would: "can you …?" asks leave in this reader, with or without "maybe".
        "could you maybe", "could you perhaps", "would you maybe", "would you perhaps", "maybe you could",
        "perhaps you could", "maybe you would", "perhaps you would", "could you possibly", "would you possibly",
        # A suggestion put impersonally: "It would be good to fetch A." ("It would be good to know …"
        # has no verb of a capability after it, and is read as the question or statement it is.)
        "it would be good to", "it'd be good to", "I think it would be good to", "I think it'd be good to",
        "it would be great to", "it'd be great to", "it would be nice to", "it'd be nice to",
        "it would be helpful to", "it'd be helpful to",
        # A reminder is the request again: "Just a gentle reminder to download A."
        "just a gentle reminder to", "a gentle reminder to", "gentle reminder to", "just a friendly reminder to",
        "a friendly reminder to", "friendly reminder to", "just a quick reminder to", "a quick reminder to",
        "quick reminder to", "just a reminder to", "a reminder to", "reminder to",
        # A favour asked, then the request: "Do me a favour and fetch A."
        "do me a favour and", "do me a favor and", "do us a favour and", "do us a favor and",
        # An invitation to act, as set as "feel free to" (round 15): "Don't hesitate to fetch A whenever it
        # suits you." Only the whole phrase, only where a request starts; what follows keeps every check, so
        # "Don't hesitate, just don't fetch A" and "Don't bother to fetch A" (not on the list) still refuse.
        "don't hesitate to", "do not hesitate to", "please don't hesitate to", "please do not hesitate to",
        # Round 16 (context): a wish with its subject dropped, as busy people write it ("Would be great if you
        # could pull A down for me", "Hoping you can download A sometime today"), . A real condition after the frame ("… if it changed") still refuses.
        "would be great if you could", "would be awesome if you could", "it would be awesome if you could",
        "it'd be awesome if you could", "would be nice if you could", "would be lovely if you could",
        "it would be lovely if you could", "hoping you can", "hoping you could",
        # A pseudo-cleft that only frames the request: "What I want is for you to download A." ("for you not
        # to" is not on the list, and stays refused.)
        "what I want is for you to", "what I need is for you to", "what I'd like is for you to",
        "what I would like is for you to", "all I need is for you to", "all I want is for you to",
        "all I ask is for you to",
        # The writer's own speech act of ordering ("I order you: fetch A"), never the refused "order" of a
        # purchase ("Order A for me"): only with "I … you" before the request.
        "I order you to", "I order you:", "I command you to", "I command you:", "I instruct you to",
        "I instruct you:",
        # Round 23 (voice23): a speaker's spoken idea of what I could do is the request, as "I was wondering
        # if you could" is: "so yeah I was thinking maybe you could read out the saved text of A". Only the
        # past progressive with "you could/might" (a musing "I think you could fetch A" is not on the list),
        # and only where a request starts; what follows keeps every check ("… you shouldn't fetch A").
        "I was thinking you could", "I was thinking maybe you could", "I was thinking perhaps you could",
        "I was thinking that you could", "I was thinking that maybe you could", "I was thinking you might",
        "I was thinking maybe you might", "I was thinking you could maybe", "I was just thinking you could",
        "I was just thinking maybe you could",
        # A shrugged suggestion is the request, as "maybe fetch A too?" is (round 14): "I guess you could fetch
        # A maybe". Never "I suppose" ("suppose" opens a condition, and stays one).
        "I guess you could", "I guess you can", "I guess maybe you could",
    ),
    # Hedges that condition nothing, dropped where punctuation or the end of the prompt closes them:
    # "fetch A when you get a chance." A real condition ("if it changed") is never on this list.
    "hedge_asides": (
        "if you can", "if you could", "if you would", "if you will", "if you wouldn't mind", "if you would not mind",
        "if possible", "if at all possible", "if you don't mind",
        # A lead that only announces the question: "Just checking in: anything running right now?"
        "just checking in", "just checking",
        "if you do not mind", "if that's ok", "if that's okay", "if that is ok", "if that is okay",
        "if that's alright", "if that's all right", "if you have time", "if you have a moment",
        "if you get a chance", "if you get the chance", "when you get a chance", "when you get the chance",
        "when you have a chance", "when you get a moment", "when you have a moment", "when you have a sec",
        "when you have a second", "when you get a sec", "when you have a minute", "when you get a minute",
        "if you have a minute",
        # Round 28 (voice28): "In case it helps, here's the address — A — feel free to queue it": the writer's
        # offer, not an event the request waits on ("in case the page moved" is not on this list and stays a
        # condition).
        "in case it helps", "in case that helps", "in case it's useful", "in case it is useful", "in case it's helpful",
        # Round 28: "if" with the same spare moment as "when you have a sec" releases the reader, as "if you can".
        "if you have a sec", "if you have a second", "if you get a sec", "if you get a second", "if you get a minute",
        "if you've got a sec", "if you've got a second", "if you've got a minute", "if you've got a moment",
        "if it's not too much trouble", "if it is not too much trouble",
        "if it isn't too much trouble", "when you can", "whenever you can",
        "whenever you get a chance", "at your convenience", "at your earliest convenience", "no rush", "no hurry",
        # "No pressure, but it would help if you fetched A" (round 16): as "no rush", it asks nothing and negates nothing.
        "no pressure", "no pressure at all",
        # "Fetch A now, no worries.", "No worries if not, but could you download A?" (round 17 reasons): the
        # writer's reassurance negates nothing. "if not"/"if you can't" only release the reader, as "if you
        # can" does; a real event ("no worries if it changed") is not on this list and stays a condition.
        "no worries", "no worries at all", "no worries if not", "no worries if you can't", "no worries if you cannot",
        "no problem if not", "no problem if you can't", "no problem if you cannot", "no stress", "no stress at all",
        "and nothing else", "nothing else", "and nothing more", "nothing more", "that would be great",
        "that'd be great", "that would be nice", "that'd be nice", "that would be helpful",
        "while you're at it", "while you are at it", "thanks in advance", "here you go", "here you are",
        # Thanks given before the work is done, closing the request: "Please fetch A, thank you in advance."
        # ("Thank you in advance for deleting A" goes on past it and is read as written.)
        "thank you in advance", "thank you much in advance", "many thanks in advance", "thanks a lot in advance",
        "thank you a lot in advance",
        "as discussed", "as agreed", "as requested", "as mentioned", "as promised", "as before",
        "whenever it suits you", "when it suits you", "whenever convenient", "when convenient", "if convenient",
        "no rush at all", "no hurry at all", "whenever you have a moment", "when you have time",
        "whenever you have time", "when you get time", "if you would be so kind", "if you'd be so kind",
        # Round 26 (voice26): urgency that conditions nothing ("Fetch A without delay."), as "asap" or "right
        # away". Only about delay: "without checking robots.txt", "without asking" are not here and still refuse.
        "without delay", "without further delay", "without any delay", "with no delay", "without further ado",
        # The reader's free time is no event to wait for (round 14): "Whenever you're free, grab A". An event
        # of the page's ("whenever it changes") is a condition and never on this list.
        "whenever you're free", "when you're free", "whenever you are free", "when you are free",
        # Round 22 (voice22): the reader's convenience put impersonally ("whenever it's convenient, fetch A"):
        # "it" is no page here, and "convenient" no event. "whenever it changes" is never on this list.
        "whenever it's convenient", "whenever it is convenient", "when it's convenient", "when it is convenient",
        "whenever it's convenient for you", "whenever it is convenient for you", "when it's convenient for you",
        "when it is convenient for you", "whenever it suits", "when it suits",
        # Round 25 (ctx25): the same convenience with "it" dropped or "you" for subject ("No rush at all —
        # whenever is convenient, fetch A", "whenever suits you, grab A", "… once you're free"). The reader's
        # free time is no event; "whenever it changes", "once the job finishes" are never on this list.
        "whenever is convenient", "whenever is convenient for you", "when is convenient", "whenever suits you",
        "whenever suits", "when suits you", "whenever works for you", "whenever works", "once you're free",
        "once you are free", "once you have a moment", "once you get a chance", "once you have time",
        # Round 22 (voice22): a note on the answer, not the action ("Fetch A - no need to reply at length"): the
        # "no" denies a long reply, never the fetch. Only the whole phrase; "no need to fetch A" is not here.
        "no need to reply at length", "no need to answer at length", "no need to respond at length",
        "no need to reply", "no need to respond", "no need for a long reply", "no need for a long answer",
        "no need for a long response",
        "if you please", "if you'd be so good",
        # The Indian English closing formula: "Kindly fetch A and oblige."
        "and oblige", "and oblige me",
        # A report asked for, which every answer gives anyway: "Fetch A and let me know when it's done."
        "let me know when it's done", "let me know when it is done", "let me know when you're done",
        "let me know when you are done", "let me know once it's done", "let me know once it is done",
        "let me know when done", "let me know how it goes", "let me know when it's finished",
        "and let me know when it's done", "and let me know when you're done", "and let me know how it goes",
        # The same report asked in chat shorthand: "fyi need a copy of A lmk when done".
        "lmk when done", "lmk when it's done", "lmk when you're done", "lmk once done", "lmk once it's done",
        "lmk when finished", "lmk how it goes",
        # "Only if it's not too much trouble, fetch A": the hedge with "only" before it is still the hedge;
        # "only if it changed" names a real event and is never on this list.
        "only if it's not too much trouble", "only if it is not too much trouble", "only if it isn't too much trouble",
        # Where the request stands in the writer's own work, not when to act: "Let me check whether A is
        # allowed before going further." A next step named ("before fetching it") is no aside.
        "before going further", "before going any further", "before I go further", "before I go any further",
        "before proceeding", "before I proceed", "before we proceed", "before moving on", "before I move on",
        "before continuing", "before I continue",
        # Modesty about the request itself: "Just fetch A, nothing fancy."
        "nothing fancy", "nothing special",
        # Urgency, not a condition: "fetch A as soon as you can". A real event ("as soon as it is up")
        # is never on this list.
        "as soon as you can", "as soon as possible", "as soon as you're able", "as soon as you are able",
        "as soon as you get a chance", "as soon as you get the chance", "as soon as you have a moment",
        # "Tell me" closed by punctuation only asks for the answer the question beside it asks for:
        # "Which sitemaps does A list? Please tell me.", "Just tell me: is anything still queued?".
        # ("Tell me whether A is allowed" goes on and is read as the embedded question it is.)
        "tell me", "please tell me", "just tell me",
        # A nudge after a question passed on, asking for its answer: "The customer wants to know when
        # we last fetched A. Can you check?" (with nothing after it: "Can you check A?" goes on).
        "can you check", "could you check", "can you check please", "could you check please", "please check",
        "can you find out", "could you find out", "can you look", "could you look", "can you confirm",
        "could you confirm",
        # A learner's "Excuse me," before the question is courtesy: "Excuse me, could you fetch A?"
        "excuse me",
        # Acknowledgements that open a turn: "Got it. Fetch A."
        "got it", "sounds good", "understood", "noted", "will do", "no problem", "all right", "alright then",
        "okay then", "ok then",
        # The reader's own wish (round 15): "Maybe fetch A too, if you like." A wish of the page's or the
        # user's ("if they want it", "if you like it") goes on past the aside's end and is never dropped.
        "if you like", "if you'd like", "if you would like", "if you want", "if you wish",
        # The writer's thanks put as help: "If you could download A, that would help a lot."
        "that would help", "that'd help", "that would help a lot", "that'd help a lot", "that would really help",
        "that'd really help", "that would be a big help", "that'd be a big help",
    ),
    # Labels before a colon that introduce context, never the request: "Goal: …", "Background: …".
    # Labels of an earlier turn of a conversation pasted before the request (deputy/text/turns.py): an
    # assistant's or a tool's words, context only; an order inside them never acts. Each widens what
    # acts (its turn's words are passed over), so adding one is a relaxation.
    "turn_labels": (
        "assistant", "ai", "bot", "system", "tool", "tool_result", "tool result", "tool output", "tool_output",
        "tool response", "function result", "function output", "observation", "previous turn", "previous answer",
        "previous reply", "previous response", "previous message", "previous tool output", "previous tool result",
        "last turn", "last answer", "earlier turn",
        # Round 23 (turns23): "Previously: 'I could not fetch A …'\nUser: Delete that record." (a label only
        # with its colon; "Previously you fetched A." stays a sentence about an earlier turn).
        "previously",
    ),
    # Labels of the requester's turn in such a transcript: the last one is the request.
    "requester_labels": ("user", "human", "me", "requester"),
    # Openings of a sentence that reports what the deputy did in an earlier turn ("Earlier you fetched
    # A."): followed by "you" and a past verb, it is context; the request must name its address again.
    "earlier_turns": (
        "earlier", "previously", "last turn", "last time", "in the last turn", "in your last turn",
        "in your last reply", "in your last answer", "in your previous answer", "in your previous reply",
        "a moment ago", "a minute ago", "a few minutes ago", "just now", "before that",
    ),
    "context_labels": (
        "goal", "goals", "objective", "objectives", "background", "context", "note", "notes", "fyi", "purpose",
        "reason", "why", "situation", "motivation", "info", "information", "aside", "summary",
    ),
    # A writer's note that one address of the list is there twice ("Fetch these (sorry, one is listed
    # twice): …"): dropped, with an apology around it, only when an address really is repeated (the
    # binder counts it once). Never a negation, a condition or a verb of another action.
    "repeat_notes": (
        "one is listed twice", "one is pasted twice", "one is in there twice", "one is included twice",
        "one is duplicated", "one is a duplicate", "one is repeated", "one's listed twice", "one's duplicated",
        "one's a duplicate", "one's in there twice", "one link is listed twice", "one link appears twice",
        "one url is listed twice", "one url appears twice", "one appears twice", "one of them is listed twice",
        "one of them is duplicated", "one of them appears twice", "pasted one twice", "pasted that one twice",
        "listed one twice", "there's a duplicate", "there is a duplicate",
    ),
    # Words that may stand before a capability's product noun when the writer needs one ("Need a fresh
    # copy of A", "an up-to-date snapshot of A"): they ask for a new one, which acting gives. A word that
    # names another thing ("a printed copy", "our stored copy") is not on the list and keeps the refusal.
    "product_modifiers": ("fresh", "new", "current", "updated", "up-to-date", "latest", "recent", "clean", "quick"),
    # Verbs that ask for a capability's product anew: "Refresh our cached copy of A" asks for a fresh copy,
    # which is what acting makes. Only with a product noun as their object; on anything else ("refresh
    # the queue", "refresh A in the browser") they stay verbs the reader does not support.
    "renewing_verbs": ("refresh", "renew"),
    # What the object of a request's acting verb may be when it can only mean the one address an earlier
    # turn names ("Assistant: The download of A timed out.\nUser: fetch it again"), and when it means all
    # of them ("… fetch them both again"): deputy/text/pointed_turns.py (round 17). Never a noun that
    # could name something else ("the page it links to").
    "turn_pointers_one": (
        "it", "that one", "this one",
        # Round 29 (turns29): a pointer that names again what it points at ("User: check robots for A\nAssistant:
        # allowed.\nUser: and sitemaps for the same site?"); it may stand anywhere in the request, not only as
        # an acting verb's object (deputy/text/pointed_turns.py). Widens what acts.
        "the same page", "the same site", "the same address", "the same url", "the same link",
        "that same page", "that same site",
    ),
    # Round 24 (ctx24): nouns for one page that "that <noun>"/"this <noun>" may point with at the one address someone
    # else's quoted words name as that noun ("> The weather page is A\n\nFetch that page.", deputy.text.pointed_quote).
    # Widens what acts.
    "pointed_nouns": ("page", "link", "url", "address", "article"),
    "turn_pointers_all": ("them", "them both", "them all", "both", "both of them", "all of them", "each of them"),
    # Verbs that ask to do again what failed before: with an address as their object, or with "again" or
    # "once more" after it ("Retry A", "Try A once more"), they ask for a fetch (deputy/forms/retried.py,
    # round 17). On anything else ("retry the job", "try harder") they stay verbs the reader refuses.
    "retrying_verbs": ("retry", "try"),
    # A fragment that opens the last turn of a transcript and only carries the earlier turn's question to the
    # present ("Assistant: The queue had 3 jobs.\nUser: And now? What's queued?"): it asks nothing itself and
    # is dropped when a sentence follows it (deputy/text/turns.py, round 17). Matched whole, as written here.
    "follow_ups": (
        "and now", "now", "so now", "ok and now", "okay and now", "and right now", "what about now",
        "how about now", "and today", "what about today", "and currently",
        # Round 19 (turns19): the requester setting an earlier turn aside ("Tool output: «…»\nIgnore that.
        # Fetch A."): it asks nothing of me; the earlier turns' addresses are still held to the request.
        "ignore that", "ignore this", "ignore it", "never mind that", "disregard that", "forget that",
        # Round 29 (turns29): a question whether the earlier order went through, before the question or order
        # that follows it ("User: fetch A\nAssistant: Queued.\nUser: did it go through? what did you get for
        # it?"): the sentence after it says what is wanted now and is read with every check.
        "did it go through", "did it work", "did that work", "did it succeed",
    ),
    # Round 19 (turns19): a closing aside in parentheses on the prompt's last line that only says the request
    # is complete ("### Steps\n1. Check whether robots.txt allows A\n\n(that's all I need from you)",
    # deputy/text/closing_aside.py). Matched whole; never a negation, a condition or another verb.
    # Round 24 (ctx24): a closing note that only says where to answer ("(please answer in thread)", "Reply
    # here."), dropped by deputy.text.delivery_notes; the request before it is read with every check. Widens
    # what acts (a prompt refused for "answer" is read without it).
    "delivery_notes": (
        "answer in thread", "answer in the thread", "answer in this thread", "answer in a thread",
        "reply in thread", "reply in the thread", "reply in this thread", "reply in a thread",
        "respond in thread", "respond in the thread", "respond in this thread",
        "answer in the channel", "answer in channel", "reply in the channel", "reply in channel",
        "answer in this channel", "reply in this channel", "answer here", "reply here", "respond here",
        "answer below", "reply below", "reply to this message", "answer in the ticket", "reply in the ticket",
        "reply on the ticket", "answer on the ticket",
    ),
    "closing_asides": (
        "that's all", "that's it", "that's all i need", "that's all i need from you", "that is all i need",
        "that's everything", "that's everything i need", "just this one step", "just that one step",
        "just this one", "just that one", "just this", "just that", "only this one step", "only the one step",
        "one step only", "single step", "that's the only step",
    ),
    # Round 19 (turns19): words opening a question of a few words before a transcript's request that the
    # request answers ("[assistant] robots.txt disallowed A.\n[user] which rule? check robots for A",
    # deputy/text/turns.py): the question is dropped, the request read with every check. A relaxation.
    "turn_questions": ("which", "what", "why", "how", "where"),
    # Round 25 (tickets25): words naming an issue tracker before a key and a title that open a ticket ("JIRA
    # OPS-4412: Capture vendor docs", deputy/text/fields.py): the line is the ticket's title, a describing
    # field. A relaxation (the title line is read away when it holds nothing that could change a request).
    "trackers": (
        "jira", "linear", "github", "gitlab", "asana", "trello", "youtrack", "servicenow", "zendesk", "clickup",
        "shortcut", "bugzilla", "redmine", "freshdesk",
    ),
    # Round 25 (tickets25): a ticket's fields whose value is a sentence of the writer's ("Description: Fetch A and
    # B.", "AC: fetch A"): one naming an address or holding a word that could change a request is the request,
    # read with every check; any other is a describing field. A relaxation.
    "sentence_fields": ("description", "details", "ac", "acceptance criteria", "acceptance criterion"),
    # Round 25 (tickets25): the fields that give a ticket's or a mail's title ("Story: monitor pricing"): under
    # one, the request field's own condition or negation is the refusal named (never an action).
    "title_fields": ("title", "story", "epic", "summary", "subject"),
    # Round 25 (tickets25): verbs of a lead on the writer's adopting line saying who handed the words over ("Tom
    # forwarded this, can you take care of it?", deputy/text/handover.py): the lead asks nothing and is passed
    # over. A relaxation.
    "handover_verbs": ("forwarded", "sent", "passed", "shared", "flagged", "escalated", "relayed"),
    # Round 25 (tickets25): labels opening an English line that restates the tool call on the line above it
    # ('tool_call: seaspider.robots(target="A")\nIn plain words: may we fetch A?', deputy/text/restated_call.py):
    # the English is read alone and kept only for a capability that observes and the call's own name. A relaxation.
    "restating_labels": (
        "in plain words", "in plain english", "in plain terms", "in english", "in other words", "in words",
        "that is", "i.e.", "put simply", "plainly", "simply put", "translated",
    ),
    # Round 25 (tickets25): stored facts a request may ask to be sent to the writer ("send me the title and fetch
    # date of A", deputy/text/sent_facts.py): "send me" is then "give me", and the forms decide. Never a page's
    # copy or contents to pass on ("a copy", "the page"). A relaxation.
    "sent_facts": (
        "title", "titles", "status", "status code", "http status", "response code", "fetch date", "fetch time",
        "date", "headers", "outcome", "result", "results", "stored text", "readable text", "text",
    ),
    # Round 25 (tickets25): the writer's whole line that takes someone else's one question to be checked ("yes
    # please check that"): it adopts a question only, answered only by a capability that observes, never acted
    # on (deputy/text/handover.py). A relaxation.
    "checking_adoptions": (
        "check that", "check this", "check it", "please check that", "please check this", "please check it",
        "can you check that", "could you check that", "can you check this", "could you check this",
        "can you check it", "could you check it", "look into it", "please look into it", "look into that",
        "please look into that", "find out", "please find out",
    ),
    # Round 23 (turns23): a transcript's last turn that is only an elliptical count question after an earlier
    # turn reporting a count ("Last time you said you had about 1,200 pages. How many now?"): it takes its
    # noun from that report (`counted_nouns`) and is read as "How many pages do you have now?"
    # (deputy/text/count_ellipsis.py). Matched whole, as written here; it only ever asks for a count, but a
    # phrase added here makes more prompts answered: a relaxation.
    "count_follow_ups": (
        "how many now", "how many today", "how many right now", "how many currently", "how many at the moment",
        "how many so far", "and how many now", "how many now then", "so how many now", "and now", "so now",
        "ok and now", "okay and now", "what about now", "how about now", "and today", "what about today",
        "and currently", "what's the number now", "what's the total now", "what's the figure now",
        "what is the number now", "what is the total now", "and the total now", "any more now",
        # Round 25 (voice25): a count put on one host ("and how many from www.lemonde.fr?", "how many for H
        # then?"): deputy.text.count_ellipsis sets the host aside before matching these.
        "how many", "and how many", "so how many", "ok how many", "okay how many", "ok and how many",
        "okay and how many", "how many then", "and how many then", "so how many then", "and how many so far",
    ),
    # Round 23 (turns23): nouns an earlier turn counts ("about 1,200 pages") that an elliptical count question
    # takes as its own (deputy/text/count_ellipsis.py). A relaxation.
    "counted_nouns": ("pages",),
    # Round 23 (turns23): the deputy's question in a transcript that asks what to act on ("hello, what should I
    # fetch?"), answered by the requester's address alone (deputy/text/answered_back.py): the words that open
    # it and the frames that ask what to do. The answer is read as the question's verb with the address, so
    # adding a word makes more prompts act: a relaxation.
    # Round 23 (turns23): verbs after a speaker's name in a transcript's label ("Assistant said: 'I fetched A.'
    # What was its title?", deputy/text/turn_labels.py): the name still says who spoke. The line's words
    # after the label are that speaker's, so adding a verb here widens what is read as a turn: a relaxation.
    "said_verbs": ("said", "says", "wrote", "writes", "replied", "answered", "reported"),
    "asked_objects": ("what", "which"),
    "asking_frames": (
        "should i", "shall i", "can i", "do i", "do you want me to", "would you like me to", "do you need me to",
        "should i go and", "you want me to", "would you have me",
    ),
    # Round 19 (turns19): possessors that put an event in the past ("Re-fetch A after yesterday's timeout",
    # deputy/forms/past_events.py): "after" such an event asks nothing, since acting now is after it.
    # Never a weekday or "this morning" (still ahead, perhaps); adding one widens what acts: a relaxation.
    "past_days": ("yesterday", "last night", "last week", "last month", "last weekend", "last year"),
    # Round 19 (turns19): nouns of a numbered turn's label ("Turn 1: …\nTurn 2 (now): …", deputy/text/
    # turn_labels.py). The last numbered turn is the request and those before it are context, so adding
    # a noun here widens what acts: a relaxation.
    "numbered_turns": ("turn", "message"),
    # Round 19 (turns19): a word closing a transcript's last turn that only sets it against the earlier turn
    # ("Tool output: … none found for A\nOK, then fetch A instead."): dropped there, never before "of"
    # ("fetch A instead of B" names a choice and keeps its refusal). The earlier turns' addresses are
    # still held to the request (deputy/text/turn_tails.py).
    "turn_contrasts": ("instead",),
    # Round 21 (threads21): the opening of a reply that grants someone else's quoted ask ("> Can we get A in the
    # store?\nYes please, go ahead."): the reply answers them, and orders me nothing; an address only their
    # quoted words name is then outside the request (deputy/text/threads.py). It only names a refusal's kind.
    "reply_assents": (
        "yes", "yes please", "yep", "yeah", "yup", "sure", "sure thing", "ok", "okay", "fine", "sounds good",
        "approved", "agreed", "of course", "absolutely",
    ),
    # Round 19 (turns19): a line that adopts the one order set in the code block under it ("Run this:\n```\n
    # fetch A\n```", deputy/text/fenced_order.py). Only these phrases adopt; a block under any other line
    # ("The page said:") is data and never an order.
    "fence_adopters": (
        "run this", "run the following", "execute this", "execute the following", "please run this",
        "please run the following", "please execute this", "please execute the following", "do this",
        "do the following", "please do this", "please do the following", "run this command", "execute this command",
        "run this for me", "run the command below", "run the following command",
    ),
    # Round 19 (turns19): tags an agent wraps a tool's name in before its request ("<tool_call>seaspider
    # </tool_call>\nFetch A", deputy/text/call_tags.py): the tag line is dropped only when it names me.
    "call_tags": ("tool_call", "tool_use", "function_call", "tool", "use_tool", "invoke", "call"),
    # Round 23 (markup23): tags an agent wraps one address in ("<url>A</url> fetch please", deputy/text/
    # address_tags.py): the tag pair is put as its address; a tag of any other name is left as written.
    "address_tags": ("url", "uri", "link", "href", "address", "website", "web_address"),
    # Round 24 (markup24): words a request after a lone opening address points back at it with ("<url>A</url>
    # download this", deputy/text/address_first.py): the address is closed with a stop before the request.
    "address_pointers": (
        "this one", "that one", "this page", "that page", "this link", "that link", "this url", "that url",
        "this site", "this", "that", "it",
    ),
    # Round 26 (ctx26): verbs opening a prompt that only present the addresses before the order pointing back
    # at them ("Take A and B — fetch them both", deputy/text/presented.py): the opener is dropped. Widens what acts.
    "presenting_verbs": ("take", "consider"),
    # Round 24 (markup24): a reassuring clause of its own ("Download A, it is not private, don't worry.",
    # deputy/text/worry_asides.py) and the opener of a fronted concession ("Not that I need it today, but
    # fetch A"): their "not" negates nothing asked, and the aside is dropped.
    "worry_asides": ("don't worry", "do not worry", "not to worry", "don't you worry"),
    # Round 28 (voice28): the words of a spoken "like …" tail naming parts of a page's record after a "what"
    # question ("what did we get for A like the status code and when", deputy/text/record_tails.py). No verb,
    # negation or condition: a tail holding any other word is read as written.
    "record_tail_words": (
        "the", "its", "and", "when", "status", "code", "size", "title", "date", "time", "length", "type", "http",
        "content-type", "bytes",
    ),
    # Round 28 (voice28): a spoken note closing the prompt that its last address repeats an earlier one, and
    # the words that take back only the repetition ("fetch A and B and also A wait that's the first one again
    # never mind just once", deputy/text/spoken_repeat.py). Dropped only when that address is a repeat.
    "repeat_callouts": (
        "that's the first one again", "that's the same one again", "that's the first one", "that's the same one",
        "that one's already in there", "that one is already in there", "I already said that one",
        # Round 29 (voice29): "Grab A and B — oh and A as well, I know I said it already."
        "I know I said it already", "I know I already said it", "I know I said it before", "I know I said that already",
        "I know I already said that", "I said it already", "I already said it",
    ),
    "repeat_dismissals": ("never mind", "nevermind", "just once", "only once", "once is enough", "once is fine"),
    # Round 28 (voice28): a closing tail about the speaker's memory after an "or not" question ("is the robot
    # allowed on A or not I can never remember", deputy/text/memory_tails.py): it says why the speaker asks.
    "memory_tails": (
        "I can never remember", "I never remember", "I always forget", "I keep forgetting", "I can't remember",
        "I cannot remember", "I forget", "I forgot", "I never know",
    ),
    "concession_openers": ("not that",),
    # Round 23 (markup23): the head of a verbless list of addresses ("Both of these, please: A and B",
    # deputy/text/list_heads.py): it only points at the list, which is then read as the bare list it is.
    "list_heads": (
        "both of these", "both of them", "these two", "these", "the following", "both", "these pages",
        "these links", "these urls", "the following pages", "the following links", "the following urls",
        "both pages", "both links", "both urls", "these two pages", "these two links", "these two urls",
    ),
    # Round 23 (markup23): verbs of a relative clause whose subject is the site that holds what is asked
    # about ("the sitemaps that A declares", "the robots rules A has", deputy/text/held_by.py); only on a
    # noun an observing capability answers about, so it never makes the reader act.
    "holding_verbs": (
        "declares", "declare", "declared", "has", "have", "lists", "list", "listed", "publishes", "publish",
        "published", "advertises", "advertise", "advertised", "exposes", "expose", "names", "name", "uses",
        "use", "sets", "set", "serves", "serve", "provides", "provide", "offers", "offer", "mentions", "mention",
        "includes", "include",
    ),
    # Round 23 (markup23): what such a relative clause's site holds ("the sitemaps that A declares"): only
    # things an observing capability reports on, never a page the reader could fetch.
    "held_nouns": (
        "sitemap", "sitemaps", "sitemap files", "sitemap urls", "robots rules", "robots.txt rules", "robots file",
        "robots.txt file", "robots.txt", "crawl rules", "crawling rules", "disallow rules", "rules", "robots policy",
        "crawl policy", "crawler rules",
    ),
    # Round 23 (markup23): a closing tail that asks the question again ("Check robots.txt for A — allowed or
    # not?", deputy/text/restating_tails.py); dropped only from a prompt holding no verb that acts.
    "restating_tails": (
        "yes or no", "yes/no", "y/n", "allowed or not", "is it allowed or not", "permitted or not", "ok or not",
        "okay or not", "allowed or disallowed", "allowed or blocked", "blocked or not", "can we or not",
        "are we allowed or not", "is it permitted or not", "allowed yes or no",
    ),
    # Round 23 (markup23): words opening a tail that says the request again in other words ("`read` A - i.e.
    # give me the text you stored for it"); the tail goes only when it holds no address, no verb that acts
    # or that I refuse, and no word that refuses, in a prompt holding no verb that acts.
    "restating_openers": ("i.e.", "i.e", "ie", "ie.", "that is", "that is,", "in other words", "in other words,"),
    # Labels of a plan whose first step a closing sentence points at: "Plan: fetch A, then summarise it.
    # Please do step one now." (deputy/forms/pointed.py).
    "plan_labels": ("plan",),
    # Every word such a pointing sentence may hold ("Please do step one now.", "Start with the first
    # step."): it names the first step and nothing else; "all", "two", a negation or a time are not here.
    # Keys of a bare JSON object that name the action it asks for ('{"action": "fetch", "urls": [A]}',
    # round 15, deputy/text/jsonaction.py); the value must be a capability's own name.
    "action_keys": ("action", "tool", "operation", "command", "op"),
    # Keys such an object may hold beside the action and its slot: they only label the call ("task":
    # "collect_sources", "id": "job-77", "step": 3); their values are checked like a quotation's words.
    "label_keys": ("task", "id", "step", "job", "request_id"),
    # Field names of the header lines a ticket or a mail opens with ("Reporter: j.okafor", "To: crawler-team",
    # "Subject: docs page", round 16, deputy/text/fields.py): each line only describes the message and is
    # dropped when its value holds nothing that could change a request. Its value is never fetched.
    "header_fields": (
        "from", "to", "cc", "bcc", "sent", "date", "subject", "reporter", "assignee", "owner", "priority",
        "status", "severity", "summary", "title", "component", "labels", "reply-to",
        # Round 25 (tickets25): an agile tracker's title fields ("Story: …", "Epic: …").
        "story", "epic",
        # Round 28 (ctx28): who asked, in a ticket ("Requester: ops"), a field naming people.
        "requester",
    ),
    # Field names of the header line that holds the request itself ("Action: please fetch A"): the name is
    # dropped and the value read as the writer's own sentence, with every check.
    "request_fields": ("action", "request", "body"),
    # Round 29 (forms29): a form's field naming the operation asked ("Request type: Sitemap lookup", "What do you
    # need? stored text") and its field naming the one address ("Site: A"), read as "sitemap lookup A" with
    # every check (deputy/text/operation_form.py); a title over such a form closes with a noun of form_titles.
    "operation_fields": (
        "action", "operation", "operation requested", "requested operation", "request type", "type of request",
        "what do you need", "what do you need done", "task",
    ),
    "address_fields": ("target", "site", "website", "web site", "url", "page", "address", "link", "domain"),
    "form_titles": ("form", "submission", "request"),
    "deadline_fields": ("deadline", "due", "due date", "needed by"),
    # Round 18 (chat18): names of the XML-ish tags an agent sets its own request in when the tag pair is
    # the whole prompt ("<task>How many pages …?</task>", deputy/text/blockmarkup.py): the body is read as
    # the writer's own words, with every check. Never a tag of someone else's text ("tool_output",
    # "document", "email", "search_results"): adding one widens what acts, so it is a relaxation.
    "wrapper_tags": (
        "task", "request", "instruction", "instructions", "query", "question", "user_request", "user_query",
        "user_input", "prompt", "ask", "command",
    ),
    # Whom a mail's greeting addresses ("Hi all,", "Hello team,"): under a dropped header, the greeting is
    # dropped with them; "all" there names the readers, never the pages.
    "greeting_addressees": ("all", "everyone", "everybody", "team", "folks", "guys", "colleagues"),
    # Round 21 (ops21). Whom a polite "could/would/will …?" may be put to when no one is named: "Could
    # someone download A?" asks whoever reads it to act, as "Could you …?" does (a request, never with
    # "can"/"may", which ask leave); "Could we download A?" still asks leave.
    "open_addressees": ("someone", "somebody", "anyone", "anybody"),
    # Phrases that repeat the action just asked on another address: "Fetch A and do the same for B" is
    # "Fetch A and B" (deputy.text.same_again); only after "and", only before an address.
    "same_again": (
        "do the same for", "do the same with", "do the same thing for", "do the same thing with",
        "the same for", "the same with", "same for", "same with", "repeat that for", "repeat it for",
        "repeat this for",
    ),
    # Round 24 (turns24): phrases that join another address to "it" when a clause repeats the verb the
    # sentence's one address took ("Fetch A and then fetch it again along with B" is "Fetch A and B",
    # deputy.text.repeated_verb); only right before an address. Adding one makes more prompts act: a relaxation.
    "repeat_joiners": ("along with", "together with", "plus", "and", "as well as", "and also"),
    # Verbs that open a check and never act: "Check robots.txt for A and tell me if MovaBot is allowed"
    # asks the check's answer (deputy.text.checked_tell).
    "checking_verbs": ("check", "verify", "look", "consult", "double-check", "recheck"),
    # Words of permission a told clause about the writer's own robot holds: "… tell me if we're allowed".
    "permission_answers": (
        "allowed", "permitted", "disallowed", "blocked", "forbidden", "ok", "okay", "fine", "welcome", "able",
        "may", "can", "might",
    ),
    "step_pointers": (
        "do", "start", "begin", "go", "ahead", "with", "step", "one", "1", "first", "the", "now", "just", "only",
        "please", "kindly", "pls", "right", "away",
    ),
    # Nouns a number after them only names ("ticket 41190", "section 2.1", "case 33-1187"): the
    # number is an identifier, not a count, and widens no request.
    "label_nouns": (
        "ticket", "case", "issue", "section", "chapter", "version", "ref", "step", "incident", "bug",
        "invoice", "appendix", "release", "reviewer", "footnote", "paragraph",
    ),
    # Words of a label that says the words after it are someone else's: 'Email from Legal:', 'Fwd from Tom:
    # "…"', 'Quoted text from a page: "…"', 'Support ticket from a site owner: "…"' (round 17, deputy/text/headed.py).
    # Such words never reach the parse as the writer's: they are context, or the request the writer adopts.
    "source_words": (
        "email", "e-mail", "mail", "message", "note", "memo", "fwd", "fw", "forwarded", "quoted", "quote",
        "excerpt", "comment", "reply", "dm", "post", "from", "says", "said", "wrote", "writes", "asks", "asked",
    ),
    # The writer's whole line that takes someone else's one request as their own (round 17,
    # deputy/text/headed.py): "Please handle.", "Can you action this?". The request adopted is read with
    # every check; "<who>" stands for the name of the one it adopts ("answer lena's question").
    "adopting_phrases": (
        "please handle", "handle this", "please handle this", "handle it", "please handle it", "handle that",
        "please handle that", "can you handle this", "could you handle this", "can you handle that",
        "can you action this", "could you action this", "please action this", "please action",
        "go ahead", "please go ahead", "please do", "please do it", "do this", "please do this", "can you do this",
        "could you do this", "can you do that", "please do that", "take care of this", "please take care of this",
        "can you take care of this", "could you take care of this", "^", "this ^", "please handle <who>'s request",
        "handle <who>'s request", "do what <who> asked", "please do what <who> asked", "do what <who> says",
        # Round 25 (tickets25): "Handle this one.", "Tom forwarded this, can you take care of it?".
        "handle this one", "please handle this one", "can you handle this one", "could you handle this one",
        "take care of it", "please take care of it", "can you take care of it", "could you take care of it",
        "take care of that", "please take care of that", "can you take care of that", "could you take care of that",
    ),
    # The same for someone else's one question ("Answer the quoted question.", "→ answer lena's question",
    # "ask the bot"): it adopts a question only (a line ending in "?"), never a request.
    "adopting_questions": (
        "answer the quoted question", "please answer the quoted question", "answer the question above",
        "please answer the question above", "answer the question", "please answer the question",
        "answer that", "please answer that", "can you answer that", "could you answer that",
        "answer it", "please answer it", "answer them", "please answer them", "answer <who>'s question", "please answer <who>'s question",
        "can you answer <who>'s question", "could you answer <who>'s question", "answer this", "please answer this",
        "can you answer this", "could you answer this", "reply to <who>", "please reply to <who>", "answer <who>",
        "please answer <who>", "ask the bot", "ask the <self>",
    ),
    # The writer's acknowledgement of someone else's line ("@seaspider ack"): it adopts nothing to do; only a
    # refusal the line holds (a negation: "please DON'T fetch A") is read from it, with its own kind.
    "acknowledgements": ("ack", "acked", "acknowledged", "noted", "got it", "roger", "ok", "okay", "will do"),
    # Past participles that hang the site from a noun an observing capability answers about, as its agent:
    # "the sitemaps declared by A" is "the sitemaps of A"; "declared sitemaps" are the sitemaps (round 17).
    "agent_participles": (
        "declared", "published", "listed", "advertised", "exposed", "provided", "offered", "mentioned", "named",
    ),
    # Emoji of thanks or good will; they ask for nothing and are dropped wherever they stand. Signs of
    # refusal or of a task done ("🚫", "❌", "✅") are not on the list and stay words the reader cannot place.
    "courtesy_emoji": ("🙏", "🙂", "😊", "😀", "😃", "😄", "😁", "🙌", "👍", "🤞", "😅", "✨", "❤️", "❤", "💙", "🥺", "😉", "🤗", "👋", "🚀", "🎉"),
    # Round 25 (voice25, deputy/text/signoff_signs.py): emoji and emoticons that sign a chat line off ("dl A
    # ty ✌️", "fetch A ty ^^", "… for me :D"), dropped only where they close a line (never before the request,
    # so a sign never stands for a verb). Written without modifiers: a variation selector or a skin tone on one
    # ("✌️", "🙏🏽") is the same sign. Never a sign that could refuse, ask or name an act (❌ 🚫 👎 🙅 🗑️ 🔁 ❓ ✅ ⏰
    # 🤔 🙄 :P). Widens what acts.
    "signoff_signs": (
        "✌", "👌", "🤙", "🫡", "💯", "😎", "🙏", "👍", "🙂", "😊", "☺", "😀", "😃", "😄", "😁", "😆", "😉", "😇",
        "🤗", "🥰", "😍", "🤩", "🥳", "😅", "🥺", "💪", "👏", "🙌", "🤝", "🫶", "🤞", "👋", "🤘", "❤", "🧡", "💛",
        "💚", "💙", "💜", "🖤", "🤍", "💕", "💖", "✨", "🌟", "⭐", "🔥", "🎉", "🚀", "🌸", "🍀",
        ":)", ":-)", ";)", ";-)", ":D", ":-D", "=)", "=D", ":]", "^^", "^_^", "^-^", "^.^", "<3", "xD", "XD",
    ),
    # Signs that only point at the address beside them ("👉 A please fetch", "Download this PDF → A ←"):
    # markup, dropped when an address stands on the side they point to and no address on the other
    # ("A → B" may say that one leads to the other, and stays to be refused as a sign I cannot place).
    "pointers": ("👉", "👈", "👇", "⬇️", "⬇", "➡️", "➡", "⬅️", "⬅", "→", "←", "⟶", "⟵", "⇒", "⇐", "=>", "->", "<-", "<--", "-->"),
    # Marks of a clause that gives the speaker's purpose or reason, not a second request:
    # "fetch A so I can quote it", "… because the team needs it".
    "purpose_marks": ("so", "because", "since", "as", "cause", "that"),
    # Fixtures of the writer's own day that "before" makes a deadline, not a condition: "Need A before
    # standup", "fetch A now, before the weekend". Acting now meets such a deadline; an event of someone
    # else's ("before they change it", "before the deploy") may already have passed, and still refuses.
    "occasions": (
        "standup", "stand-up", "standups", "lunch", "meeting", "call", "sync", "demo", "weekend", "holidays",
        "break", "retro", "review", "audit", "interview", "presentation", "deadline", "eod", "cob",
        # A freeze on changes is the writer's team's own deadline (round 14): "before the 14:00 change freeze".
        "freeze",
    ),
    # Participles that, after "Total <pages>", name the stored pages a headline counts ("Total pages
    # stored.", "Total documents fetched so far."): each is read as the adjective it is there, and the
    # stats fragment form answers. "deleted", "posted" are not here, and such a headline keeps its refusal.
    "headline_participles": (
        "stored", "saved", "fetched", "downloaded", "crawled", "collected", "archived", "kept", "held",
        "scraped", "retrieved", "grabbed", "pulled", "captured",
    ),
    # Nouns a store total counts, after "Total" in such a headline ("Total clicks stored." is no count of pages).
    "headline_nouns": ("page", "pages", "document", "documents", "doc", "docs", "url", "urls"),
    # Nouns for people: a sentence about them is context, and a pronoun never stands for them.
    "person_nouns": (
        "user", "users", "customer", "customers", "client", "clients", "team", "boss", "manager", "colleague",
        "colleagues", "friend", "person", "people", "someone", "somebody", "everyone", "human", "owner", "author",
        "intern", "interns", "teammate", "teammates", "coworker", "coworkers", "developer", "developers", "engineer",
        "engineers", "analyst", "analysts", "editor", "editors", "reviewer", "reviewers", "assistant",
    ),
    # What a sentence that hands over an address may do: "Here's the link: A", "I need what's at A".
    # Any other verb ("I read A") is an action on the address, and "it" then stays unbound.
    "referent_verbs": (
        "be", "have", "need", "want", "like", "love", "find", "paste", "send", "give", "share", "appreciate", "require",
        "say", "tell", "mention", "seem", "recommend", "suggest", "provide", "point",
        # The writer's own opinion frames the hand-over: "I think we need A, could you fetch it?"
        "think", "believe", "guess", "reckon",
    ),
    # What a person does who reports on a page ("Customer reports broken images on A", "Our client
    # complained about missing prices on A"): such a sentence hands its one address over to a following
    # "it" when nothing else in it could be what "it" stands for (deputy.forms.reasons.reports_on).
    "report_verbs": ("report", "complain", "flag", "notice", "spot", "see", "mention", "say"),
    # Round 16 (spoken voice): words that only open what someone says ("so basically what I want is …",
    # "er is the robot allowed on A", "okay so the thing is I need A downloaded"), dropped at the very start
    # of the prompt (deputy.text.spoken). Never a negation, a condition or a verb of a capability.
    "spoken_openers": (
        # Not "so" alone ("So the user can read A offline, …" states a purpose) nor "ok" alone ("OK to fetch A?").
        "so basically", "basically", "okay so", "ok so", "so yeah", "yeah so", "well", "er", "erm", "um", "umm",
        "uh", "uhh", "hmm", "okay so the thing is", "ok so the thing is", "so the thing is", "the thing is",
        "honestly",
        # Round 17: "hey so um how many pages …", "right so uh check …" (the hesitations go first, in
        # deputy.text.disfluent). Not "right" alone ("right now fetch A") nor "hey" alone.
        "hey so", "right so", "alright so", "yeah so basically",
        # Round 19 (voice19): "so like is the robot allowed on A or not": a spoken "like" after "so".
        "so like",
        # Round 18 (chat18): the slang greeting "yo" ("yo whats the queue looking like"); never a verb.
        "yo", "yo so",
        # Round 19 (ctx19): a hedge that only says a question follows ("Just wondering, is MovaBot permitted to
        # fetch A?"); what follows is read with every check ("Just wondering, could you delete A?" refuses).
        "just wondering", "i was just wondering", "i was wondering", "just curious",
        # Round 20 (voice20): "uh yeah the thing is …" (the hesitation goes first, in deputy.text.disfluent).
        "yeah the thing is", "so yeah the thing is", "yeah so the thing is", "right so the thing is",
        # Round 22 (voice22): a speaker moving on to the next item of a list of requests ("okay next thing uh
        # fetch A and B"). Only "next thing"/"next up" phrases: "next" alone may be a time ("next week").
        "next thing", "okay next thing", "ok next thing", "right next thing", "so next thing", "and next thing",
        "next up", "okay next up", "ok next up", "right next up", "alright next thing",
        # Round 22 (voice22): the spoken "like" after a longer opener ("ok so like.... fetch A"), as "so like".
        "ok so like", "okay so like", "yeah so like", "right so like", "so yeah like",
    ),
    # Tags that close a yes/no question and ask nothing of their own ("is the robot allowed on A do you
    # know", "… or not, do you happen to know?"), dropped at the very end (deputy.text.spoken).
    "question_tags": ("do you know", "do you happen to know", "would you know", "any idea"),
    # Intensifiers that may stand inside a hedge without changing it: "I'd be ever so grateful if you
    # could possibly …", "when you have a spare moment". Never a verb, a negation or a condition.
    "fillers": (
        "really", "so", "very", "most", "truly", "ever", "extremely", "super", "incredibly", "immensely", "terribly",
        "awfully", "hugely", "deeply", "genuinely", "possibly", "just", "kindly", "please", "spare", "free", "quick",
        "little", "also",
        # "It would help a lot if you could fetch A" (round 14).
        "a lot",
    ),
    # How a letter or an email signs off, at the very end of a prompt and with the writer's name after
    # it or not ("… Kind regards, Ingrid"): courtesy that asks nothing, dropped with the name.
    "sign_offs": (
        "kind regards", "kindest regards", "best regards", "warm regards", "warmest regards", "regards",
        "best wishes", "all the best", "with thanks", "many thanks", "thanks", "thank you", "cheers", "best",
        "sincerely", "yours sincerely", "yours faithfully", "yours truly", "respectfully",
    ),
    # Words of sentences that only keep the conversation going ("I hope you're doing well.", "Sorry to
    # bother you again.", "Thank you for your help earlier."): such a sentence is context, whoever it
    # names, as long as it holds no address, no quotation and no verb that acts or is refused.
    "pleasantries": (
        "thank", "thanks", "hope", "trust", "appreciate", "apologize", "apologise", "apology", "apologies", "sorry",
        "bother", "interrupt", "hate", "excuse", "pardon", "forgive", "welcome", "glad", "happy", "grateful",
        "thankful", "pleased", "enjoy", "favour", "favor",
    ),
    # Where a request may put what it gets ("save A to the store", "add A to the queue"); a vocabulary
    # names its own. A place the deputy does not own ("… to my Google Drive") is not understood.
    "places": (),
    # A frame that only passes on someone else's quoted words: 'My user asked: "Please fetch A."'. A
    # relay word is a saying verb in a form that reports (never the bare imperative "say" or "ask": "Ask
    # the user: …" is an instruction) or a noun for a message.
    "relay_words": (
        "says", "said", "asks", "asked", "writes", "wrote", "relaying", "relayed", "forwarding", "forwarded",
        "quoting", "quoted", "passing", "message", "request", "words", "verbatim",
    ),
    # The other words such a frame may hold: whose words, from where, and "go ahead" or "please do".
    # Never a verb that acts, a negation or a condition: any word off these lists makes it no relay.
    "relay_frame": (
        "the", "my", "our", "a", "an", "this", "from", "of", "on", "behalf", "here", "is", "me", "to", "you",
        "they", "he", "she", "their", "his", "her", "original", "new", "latest", "go", "ahead", "do", "it",
        "so", "just", "in", "following", "along",
    ),
    # What "it" may stand for in "Here's the link: A. Fetch it.": the address itself, in other words.
    "referent_nouns": (
        "link", "links", "url", "page", "site", "website", "homepage", "article", "post", "blog", "document",
        "doc", "docs", "file", "pdf", "paper", "report", "text", "content", "contents", "copy", "address",
        "resource", "source", "reference", "spec", "thing", "stuff", "one", "wording", "version", "sources", "pages",
        "articles", "posts", "documents", "files", "papers", "references", "specs", "ones", "urls", "sites",
    ),
    # Words that make "not" the first half of "not only A but also B" (deputy/forms/correlative.py): the "not"
    # then adds B to A and negates nothing. Adding a word lets a "not" pass, so it is a relaxation.
    "correlative_focus": ("only", "just", "merely"),
    # Verbs of a relative clause that only says a second object belongs with the first ("the guide that
    # goes with it at B", deputy/forms/joined.py): the place after the clause is then the object's own.
    # "links to", "was quoted at" say where something else is and are never on the list.
    "companion_verbs": ("go", "come", "belong", "accompany"),
    # Punctuation said as a word between two addresses ("download A comma B", dictated; deputy/text/dictated.py).
    "dictated_commas": ("comma",),
    # Round 17 (spoken voice, deputy/text/disfluent.py): hesitations and chat laughter that say nothing,
    # dropped wherever they stand outside an address ("can you uh download A", "how many pages u got
    # stored lol"). Never a word of English that could carry the request: "er" (also "ER") and "like" stay.
    "disfluencies": (
        "um", "umm", "ummm", "uh", "uhh", "uhhh", "uhm", "erm", "hmm", "hmmm", "lol", "lmao", "lmfao", "rofl",
        "haha", "hahaha", "👀", "😂", "🤣", "😆", "🙃",
    ),
    # Tails that only close what someone says ("… and yeah that's it", "… yeah that one", "… I think"),
    # dropped at the very end of the prompt. Never a negation or a condition: what goes never refuses.
    "closing_tails": (
        "and yeah that's it", "yeah that's it", "and that's it", "that's it", "and yeah that's about it",
        "and that's about it", "that's about it", "that's all", "and that's all", "yeah that one", "I think",
        "I guess", "yeah",
        # Round 18 (chat18): hedges on an amount that close a spoken count question ("how many pages have we
        # got from A um roughly"). They soften the answer asked for and ask nothing of their own.
        "roughly", "approximately", "more or less", "give or take", "ballpark",
        # Round 19 (voice19): spoken goodbyes and "go ahead" closing a request ("… and uh that's all thanks
        # bye", "… that's basically it thanks", "fetch A — go ahead", "… B, both in one job"). None refuses.
        "thanks bye", "bye", "bye bye", "thanks", "cheers", "that's everything", "and that's everything",
        "that's basically it", "and that's basically it", "yeah that's basically it", "and yeah that's basically it",
        "go ahead", "go on", "both in one job", "in one job", "in one go", "both together", "both at once",
        "that'll be all", "and that'll be all", "that's all for now", "and that's all for now", "that's all I need",
        "and that's all I need", "bye for now", "appreciate it", "thank you so much", "thanks so much", "thanks a lot",
        "thanks a bunch", "thank you", "much appreciated",
        # Round 20 (voice20): a goodbye that names the day ("… and that's everything for today thanks bye").
        "that's everything for today", "and that's everything for today", "that's all for today",
        "and that's all for today", "that's everything for now", "and that's everything for now",
        # Round 21 (voice21): spoken hedges closing a request ("grab A now I suppose", "fetch A or whatever",
        # "um fetch A you know"). None refuses; an aside after "you know" is tail_asides' (spoken_tails).
        "I suppose", "I reckon", "or whatever", "you know", "y'know",
        # Round 22 (voice22): a speaker summing up what was just asked ("fetch A and B and yeah both of those",
        # "… yeah and that's basically the whole story"). They name nothing new and never refuse.
        "yeah both of those", "and yeah both of those",
        "that's the whole story", "that's basically the whole story", "and that's the whole story",
        "and that's basically the whole story", "yeah and that's the whole story",
        "yeah and that's basically the whole story", "yeah that's the whole story", "yeah that's basically the whole story",
        # Round 23 (voice23): the amount hedges of round 18 said with a spoken "like" or as "or so" ("how many
        # pages have you got for A like roughly", "… or so", "… like ballpark"). They soften the count asked for.
        "like roughly", "like approximately", "like ballpark", "ballpark figure", "like a ballpark figure",
        "roughly speaking", "or so", "or thereabouts", "like more or less",
        # … and a shrug closing a request ("I guess you could fetch A maybe"), as "Maybe fetch A too?" opens one.
        "maybe",
        # Round 26 (voice26): a closing "I mean" with nothing after it ("is it allowed to fetch A for your robot
        # I mean"). With words after it, it opens an aside (`tail_asides`), read by deputy.text.spoken_tails.
        "I mean", "you know what I mean",
    ),
    # Round 20 (voice20, deputy/text/spoken_tails.py): what opens a closing aside that only names again what
    # was asked for ("fetch A and B you know the weather ones"). The aside is dropped only when it holds no
    # address, negation, condition, joining word or verb the reader reads; the marker itself never refuses.
    "tail_asides": ("you know", "I mean", "y'know", "ya know"),
    # Round 20 (voice20): a status question said again as a yes/no question at its end ("what's the robot
    # doing right now is it busy"). Dropped only after a "what"/"how" question naming no address.
    "restated_questions": (
        "is it busy", "is it idle", "is it running", "is it working", "is it doing anything", "is it free",
        "is it stuck", "is anything running", "anything running", "is it still going", "is it still running",
        # Round 22 (voice22): the status question asked again as "what are you doing" ("uh what's going on right
        # now like what are you doing"): the same question, so it goes; only after a "what"/"how" question.
        "what are you doing", "like what are you doing", "what are you up to", "like what are you up to",
        "what are you working on", "like what are you working on", "what's it doing", "like what's it doing",
        # Round 26 (voice26): the yes/no restatement said of "you" ("what are you doing right now are you busy").
        "are you busy", "are you idle", "are you free", "are you running", "are you working", "are you doing anything",
        "are you running anything", "are you still going", "are you stuck",
    ),
    # Round 19 (voice19, deputy/text/spoken_voice.py): "Fetch A now, not later": a "not" that only turns
    # away a later time after a time that is now. The first list names the time the request keeps, the
    # second the time the "not" turns away. Both widen what acts (a "not" passes), so adding is a relaxation.
    "immediate_times": (
        "now", "right now", "today", "right away", "immediately", "straight away", "asap", "this minute",
        "at once",
    ),
    "later_times": (
        "later", "tomorrow", "next week", "next month", "this evening", "afterwards", "some other time", "later on",
        "later today", "tomorrow morning", "next time",
    ),
    # Round 19 (voice19): how a speaker repeats an order after a correcting "No," ("No, I said fetch A",
    # "No no, I meant download A"): the frame goes and the order is read as given. Widens what acts.
    "correcting_frames": (
        "I said", "I meant", "I asked you to", "I told you to", "like I said", "I wanted you to", "I want you to",
    ),
    # A speaker taking back the address they just said ("fetch A uh no wait I meant B"): between the first
    # two addresses of the prompt, the first is dropped and the request goes to the second. Widens what
    # acts (B now does), so adding one is a relaxation.
    "self_corrections": (
        "no wait I meant", "no wait I mean", "no wait make that", "no wait", "wait I meant", "no sorry I meant",
        "sorry I meant", "sorry I mean", "sorry make that", "actually I meant", "no actually I meant",
        "actually make that", "oops I meant", "no I meant", "I meant", "I mean", "or rather", "make that",
    ),
    # Round 17 (learners): verbs learners use for fetching an address ("Take page A for me", "Bring me
    # page A"), read as "fetch" only with the address as their object (deputy/text/learner_verbs.py);
    # "take down A", "take A offline", "bring A down" keep their own sense and are refused.
    "learner_verbs": ("take", "bring"),
    # Verbs chat writers use for showing the stored text ("Pull up the stored text of A", "Dump the saved
    # text of A", "gimme the stored text of A"), read as "show me" only before the stored text of an
    # address: "Dump A" (the page itself) is throwing it away, and stays refused.
    "learner_show_verbs": ("pull up", "dump", "gimme"),
    # Phrases that join a second address to the first as "and" does ("download A along with B"); only
    # with an address on each side (deputy/text/hedged.py).
    "joining_phrases": ("along with", "together with"),
    # Loose deadlines that acting now meets ("it'd be nice to have A saved sometime this week"), dropped
    # when they close a request; "this week" alone, "by Friday", "every week" are not here.
    "loose_deadlines": (
        "sometime today", "sometime this week", "some time today", "some time this week", "at some point today",
        "at some point this week", "sometime soon",
        # Round 21 (voice21): "… if A could be fetched sometime", "… downloaded at some point".
        "sometime", "at some point", "some time soon",
        # Round 23 (voice23): an upper bound that acting now meets ("Fetch A no later than now."); its "no"
        # bounds the time, never the action. Never a later bound ("no later than Friday" waits).
        "no later than now", "no later than right now", "no later than today",
    ),
    # Verbs of a reassurance that opens a request ("Don't worry about formatting, just fetch A", "Don't
    # bother with the comments, just download A", "Never mind the layout, just …"): the "don't" there is on
    # this verb, never on the action.
    "reassuring_verbs": ("worry", "bother", "fuss", "stress", "mind"),
    # Every word an apology before ", but" may hold ("I hate to be a pain, but …", "Sorry to bother you
    # again, but …"): such an opener asks nothing and is dropped (deputy/text/hedged.py).
    # Round 19 (ask19, deputy/text/store_asks.py): nouns of a page's record a second question joined by
    # "and" may ask of the same page ("When did you fetch A and what status did it return?"): the page's
    # record answers both. Only ever read as a question to a capability that observes.
    "record_details": ("status", "status code", "http status", "http status code", "response code", "response", "code"),
    # Past-time tails that close a question about the store and ask nothing more ("What status did A
    # return last time?").
    "asked_tails": ("last time", "the last time", "most recently", "previously", "the previous time"),
    # Openers of a musing after a question's address ("when did you fetch A I think it was monday"): the
    # musing is dropped, the question kept.
    "musing_openers": ("i think", "i believe", "i guess", "i reckon", "pretty sure", "i'm pretty sure", "probably"),
    # Closing lines asking for a quoted question to be answered ("> how many pages …?\nCan someone answer this?").
    "answer_requests": (
        "can someone answer this", "can someone answer", "could someone answer this", "could someone answer",
        "can somebody answer this", "could somebody answer", "could somebody answer this", "can somebody answer",
        "can anyone answer this", "can anyone answer", "could anyone answer this", "can you answer this",
        "could you answer this", "please answer", "please answer this", "any idea", "any ideas", "anyone know",
        "does anyone know",
    ),
    # Learner verbs of telling before "me"/"us" ("Say me the sitemaps of A"): read as "tell".
    "learner_tell_verbs": ("say", "explain"),
    # Idioms of being busy with work ("Is the spider still chewing on yesterday's batch?"): "working on".
    "busy_idioms": ("chewing on", "chewing through", "grinding through", "churning through", "plowing through", "ploughing through"),
    # What a sentence about the service's state names ("Last time the queue was full. Is it empty now?").
    # Round 22 (ctx22): the values a ticket's "Status:" field takes ("Status: open"). They describe the ticket;
    # "open" is no order to open anything, so such a field is dropped with the header (deputy/text/fields.py).
    # Adding a word lets more ticket headers drop, so it is a relaxation.
    "status_values": (
        "open", "opened", "reopened", "new", "pending", "assigned", "triaged", "acknowledged", "resolved", "closed",
        "done",
    ),
    "status_subjects": ("queue", "crawler", "spider", "crawl", "backlog", "job", "batch", "frontier"),
    # The last word of a label before a tool's key=value readout ("Tool output: status=idle, queue=0.",
    # "Observation: stored=12"), round 21 (ctx21, deputy/text/tool_readouts.py): such a line is context and is
    # dropped when it holds no address and no refusing word. Each widens what acts.
    "readout_labels": ("output", "result", "results", "observation", "response", "readout", "reply"),
    "apology_words": (
        "i", "i'm", "i’m", "am", "hate", "sorry", "so", "really", "to", "be", "a", "pain", "bother", "bothering",
        "you", "again", "ask", "asking", "nag", "nagging", "trouble", "chase", "chasing", "interrupt", "keep",
        "the", "pest", "nuisance", "apologies", "for", "this", "once", "more", "but", "ok", "okay", "hi", "hey",
        # Round 21 (voice21): "Sorry to bug you, but …", "Apologies for the hassle, …".
        "bug", "bugging", "pester", "pestering", "hassle", "disturb", "disturbing",
    ),
    # Round 21 (voice21, deputy/text/spoken_wrappers.py): chat words of request that make a bare address (or
    # a list of them) a request for the page: "A pls", "pls A". Only the address(es) and one of these; a
    # question mark or any other word leaves the prompt as written. Widens what acts.
    "address_requests": (
        "please", "pls", "plz", "plss", "pleasee", "pretty please", "please and thanks", "please and thank you",
        "pls thx", "pls thanks", "please thanks", "please thank you", "pls ty",
    ),
    # Round 21 (voice21): adverbs of urgency dropped right before "need"/"want" or a verb that acts, or closing a
    # request after an address ("I urgently need A downloaded", "grab A urgently"). Widens what acts.
    # Round 21 (voice21): a spoken yes said right before an order ("yeah fetch A tomorrow"), which the parse
    # reads as a noun phrase ("yeah fetch"). Dropped only before a verb that acts. Widens what acts.
    "agreeing_openers": ("yeah", "yea", "yep", "yup", "yes", "ya", "sure", "yeah yeah", "oh yeah", "ah yeah"),
    # Round 21 (voice21): a softener between "do you" and "know" in a question ("do you maybe know how many
    # pages are stored?"), dropped only there: the question is read as "do you know …", which only asks.
    "question_softeners": ("maybe", "perhaps", "possibly", "by any chance", "by chance"),
    "urgency_adverbs": ("urgently", "desperately", "badly", "really urgently", "very urgently", "super urgently"),
    # Round 21 (voice21): frames whose "if" clause is a wish, not a condition, when the clause is only an
    # address, a passive auxiliary and a participle of a verb that acts ("I'd appreciate it if A got
    # downloaded"). Widens what acts (an "if" passes).
    "appreciation_frames": (
        "I'd appreciate it", "I would appreciate it", "I'd really appreciate it", "I would really appreciate it",
        "I'd greatly appreciate it", "we'd appreciate it", "we would appreciate it", "I'd be grateful",
        "I would be grateful", "I'd be really grateful", "it would be great", "it'd be great", "it would be nice",
        "it'd be nice", "it would be good", "it'd be good", "it would be helpful", "it'd be helpful",
        "it would be awesome", "it'd be awesome", "I'd love it", "I would love it",
    ),
    # Round 21 (voice21): a precaution said before a comma and a verb that acts, or closing a request ("Just
    # in case, fetch A", "fetch A just in case"): it names no condition. "in case it changed" keeps its
    # condition. Widens what acts (a condition word passes).
    "precautions": (
        "just in case", "in case", "just to be safe", "to be safe", "to be on the safe side",
        "just to be on the safe side",
    ),
    # Round 21 (voice21): the writer denying a negation of their own ("I never said not to fetch A — go ahead
    # and fetch it"), read as the order only when the same verb follows as an order on "it" or the same
    # address. Widens what acts (a "never" and a "not" pass).
    "denying_frames": (
        "I never said", "I didn't say", "I did not say", "I never told you", "I didn't tell you",
        "I did not tell you", "we never said", "we didn't say", "nobody said", "no one said", "nobody told you",
        "no one told you",
    ),
    # Round 21 (voice21): what a page does that makes someone want it now ("the weather page A keeps changing
    # so just grab it now"): such a remark before "so" and an order on "it" is the order's reason, and the
    # order is read on the address. Widens what acts.
    "page_changes": (
        "keeps changing", "keeps updating", "keeps getting updated", "keeps moving", "keeps refreshing",
        "changes", "updates", "gets updated", "is updated", "is changing", "is updating", "has changed",
        "just changed", "changed", "was updated", "got updated", "has been updated", "just got updated",
        "refreshes", "gets refreshed", "changes so fast", "changes fast", "updates fast",
    ),
    # Round 22 (learn22): openers of a fronted clause that states a fact as the reason for what follows, as
    # "because" does ("Given that the mirror at A is slow today, fetch B instead"): read as "Because" at a
    # sentence start before a comma (deputy/text/learner_asks.py). Never "if", "once", "provided that", "in case"
    # (conditions). Widens what acts.
    # Round 23 (ctx23): "To keep our cache fresh, fetch A", "To stay current on the strikes, pull A": a fronted
    # purpose of keeping the writer's thing in a state (deputy.text.fronted_purpose) is the writer's reason.
    # Widens what acts (a refused "keep" there passes).
    # Round 24 (ctx24): "To have the source offline, fetch A", "To get the notes at hand, …": having a thing in a
    # state of use is keeping it so (a relaxation, like the round-23 words).
    "keeping_verbs": ("keep", "stay", "remain", "have", "get"),
    "kept_states": (
        "fresh", "current", "accurate", "complete", "up to date", "up-to-date", "updated", "in sync", "synced",
        "recent", "consistent", "informed",
        "offline", "available offline", "handy", "at hand", "on hand", "to hand", "on file", "locally",
    ),
    # Round 25 (ctx25): "Necessary to download A, thank you", "Important to fetch A": a bare adjective of necessity
    # opening a sentence before a verb that acts is a learner's request (deputy.text.hedged_asks). Widens what acts.
    "necessity_openers": ("necessary", "important", "essential", "vital", "crucial", "urgent"),
    # Round 25 (ctx25): "To give them current prices, fetch A", "To help the team prepare, …": a fronted purpose of
    # serving a person (deputy.text.served_purpose) is the writer's reason, even for a verb the reader knows or
    # refuses elsewhere ("give", "show", "answer"). Widens what acts.
    "serving_verbs": (
        "help", "assist", "support", "serve", "brief", "inform", "reassure", "give", "show", "answer", "tell",
        "save", "spare", "get", "bring",
    ),
    # Round 26 (markup26): nouns of a check closing a label put before its one address ("Robots check for A",
    # "Sitemap lookup on A", deputy.text.label_phrase): the label is then read as "<label> of A". Only a label
    # naming an observing capability's noun passes, so each widens only what is answered. Widens what acts.
    "check_nouns": ("check", "checkup", "lookup", "look-up", "verdict", "test", "query", "ruling"),
    # Round 26 (markup26): verbs of a robots question with two addresses of one host, one only naming whose
    # robots.txt ("Does robots.txt on H allow MovaBot to fetch H/page?", deputy.text.robots_owner). Widens
    # what acts (a robots question, which observes).
    "permission_verbs": (
        "allow", "allows", "allowed", "permit", "permits", "permitted", "let", "lets", "disallow", "disallows",
        "disallowed", "block", "blocks", "blocked", "forbid", "forbids", "forbidden", "stop", "stops", "prevent",
        "prevents", "bar", "bars",
    ),
    # Round 23 (ctx23): a linking verb with an adjective in someone else's reported question ("asked how big the
    # archive has become") describes a state, not an act (deputy.forms.linked_state). Widens what acts.
    "linking_verbs": ("become", "grow", "turn", "stay", "remain", "seem", "appear", "look"),
    "reason_openers": (
        "given that", "considering that", "seeing that", "seeing as", "in view of the fact that",
        "owing to the fact that", "due to the fact that",
    ),
    # Round 23 (voice23, deputy/text/spoken_asks.py): a speaker's own guess at the answer, run on after a
    # "when" question ("when did you last grab A was it today or", "… like yesterday or something"). Dropped
    # only there, after the question's one address; a time of the past only, never a deadline. Widens what acts.
    "guessed_times": (
        "today", "yesterday", "this morning", "this afternoon", "earlier", "earlier today", "last night",
        "last week", "last month", "this week", "recently", "a while ago", "ages ago", "the other day",
    ),
    # Round 23 (voice23): a perusal coordinated with the real order on "it" ("take a look at A and download
    # it"): the perusal goes and the order takes the address. Widens what acts.
    "perusal_phrases": (
        "take a look at", "take a quick look at", "take a closer look at", "have a look at", "have a quick look at",
        "have a closer look at", "look at", "take a peek at", "have a peek at", "peek at", "glance at",
    ),
    # Round 23 (voice23): nouns that mention a quoted word rather than use it ("the title contains the word
    # 'delete'"): the quoted word after one is no verb of the request. Widens what acts.
    "mention_nouns": ("word", "words", "term", "string", "phrase", "keyword", "text"),
    # Round 25 (bind25, deputy/forms/wished_copy.py): nouns for a copy of a page. A wish for one that names no
    # other thing ("The researcher read A and wants a stored copy. Please fetch it.") is a wish for the one
    # page the context names, and "it" may stand for that page. Widens what acts.
    "copy_nouns": ("copy", "copies", "snapshot", "snapshots", "backup"),
    # Round 24 (voice24, deputy/text/spoken_runons.py): what a speaker sums up the addresses just named with,
    # closing the request ("fetch A and B and yeah that's both of them", "… so yeah those are both"). Dropped
    # only at the very end, right after an address, and a number must count the addresses named. Widens what acts.
    "summed_quantities": (
        "both", "both of them", "both of those", "both of these", "them both", "the two", "the two of them",
        "those two", "these two", "both links", "both pages", "both sites", "the pair of them", "all of them",
        "all of those", "all of these", "them all", "all three", "the three", "the three of them", "those three",
        "all three of them", "all four", "the four of them", "all four of them", "the lot", "the lot of them",
        "all the links", "all the pages", "the links", "the pages", "the ones", "the ones I need",
        "the ones I want",
    ),
    # Round 24 (voice24): spoken words that run a statement into the order after it ("the professor wants the
    # syllabus so just grab A", "the link is A yeah get that"): the statement is set off as a sentence of
    # context before the order. Never a negation or a condition. Widens what acts.
    "run_on_links": (
        "so", "yeah", "yea", "yep", "okay", "ok", "alright", "right", "so yeah", "yeah so", "okay so", "ok so",
        "and so", "so anyway", "anyway", "anyways",
    ),
})

# Chat spellings of closed-class words and their standard forms, matched as whole words outside
# addresses and quotations. Never a verb of any capability: a typo in a verb is refused, not guessed.
DEFAULT_SPELLINGS: Mapping[str, str] = MappingProxyType({
    "pls": "please", "plz": "please", "plse": "please", "plss": "please", "plzz": "please", "pleae": "please",
    "plese": "please", "pleez": "please", "pleeze": "please", "pleasee": "please", "pleaseee": "please",
    # Round 29 (voice29): "need A asap kthx" ("ok, thanks"): the chat thanks after the order.
    "kthx": "thanks",
    "thx": "thanks", "thnx": "thanks", "thks": "thanks", "thanx": "thanks", "tnx": "thanks", "thnks": "thanks",
    "thnaks": "thanks", "thansk": "thanks", "tahnks": "thanks", "ta": "thanks", "thankyou": "thank you",
    "thanku": "thank you", "ru": "are you", "u": "you", "yuo": "you", "r": "are", "ur": "your", "cud": "could",
    "wud": "would",
    "shud": "should", "whats": "what's", "wats": "what's", "wat": "what", "waht": "what", "whta": "what",
    "hw": "how", "hows": "how's", "wheres": "where's", "whos": "who's", "thats": "that's", "theres": "there's",
    "im": "I'm", "ive": "I've", "youre": "you're", "dont": "don't", "dnt": "don't", "didnt": "didn't",
    "doesnt": "doesn't", "cant": "can't", "wont": "won't", "isnt": "isn't", "arent": "aren't", "wasnt": "wasn't",
    "werent": "weren't", "havent": "haven't", "hasnt": "hasn't", "couldnt": "couldn't", "wouldnt": "wouldn't",
    "shouldnt": "shouldn't", "wen": "when", "b4": "before", "tmrw": "tomorrow", "tmr": "tomorrow",
    "tmrrw": "tomorrow", "2moro": "tomorrow", "2morrow": "tomorrow", "tonite": "tonight", "l8r": "later",
    "rn": "right now", "nvm": "never mind", "bc": "because", "cuz": "because", "coz": "because",
    "bcuz": "because", "w/o": "without", "w/": "with", "abt": "about", "n": "and", "teh": "the", "hte": "the",
    "adn": "and", "k": "ok", "kk": "ok",
    # Round 17 (chat voice): "gimme the text u saved from A" is "give me …"; "give" is no verb that acts.
    "gimme": "give me",
    # "When did you last fetch A?": the small model reads "last fetch" as a noun phrase; the latest
    # record is what the question gets anyway.
    "you last": "you", "we last": "we", "i last": "I",
    # "Any idea if A is allowed?": after "any idea" the "if" only opens an indirect question, never a
    # condition; it asks what "do you know whether" asks, which the parse reads as the question it is.
    "any idea if": "do you know whether", "any idea whether": "do you know whether",
    # After a verb of asking, "if" opens the question asked ("The customer is asking if the crawler is
    # running"), never a condition; "whether" says so to the parse.
    "asking if": "asking whether", "asks if": "asks whether", "asked if": "asked whether",
    # Learner English puts "to" after the modal of a request: "could you to fetch A?" asks "could you fetch A?".
    "could you to": "could you", "would you to": "would you", "can you to": "can you", "will you to": "will you",
    # A repetition spelt as a phrase is the schedule "repeatedly" names (a blocker): "fetch A again and again".
    # Round 23 (voice23): "whens the last time u fetched A" (as "whats", "hows", "wheres" above).
    "whens": "when's",
    "again and again": "repeatedly", "over and over": "repeatedly", "time and again": "repeatedly",
    # Round 28 (voice28): "can u chek if movabot allowed on A": the misspelt embedder of a robots question, only
    # before "if"/"whether" (a typo in a verb that acts is never guessed); "need the txt of A we saved": "txt"
    # as the noun after "the".
    "chek if": "check if", "chek whether": "check whether", "the txt": "the text",
})

# Numbers standing for words in chat, each with the word it stands beside ("is A ok 2 fetch?", "save A
# 4 me"). A number is a count everywhere else ("fetch 2 pages", "fetch all 4: A B C D"), so each entry
# names its context: a phrase that ends in the number ("ok 2") is read so only when a verb the reader
# knows follows it, one that opens with the number ("4 me") only before that pronoun. Matched after
# the chat spellings, so "u 2" is written "you 2" here.
DEFAULT_NUMERALS: Mapping[str, str] = MappingProxyType({
    "ok 2": "ok to", "okay 2": "okay to", "want 2": "want to", "need 2": "need to", "going 2": "going to",
    "you 2": "you to",
    "4 me": "for me", "4 us": "for us", "4 you": "for you",
})
