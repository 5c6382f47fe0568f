"""Independent evaluation sets for the conversation memory (written without reading the library).

- english_chat: multi-session chats between two friends, facts about both speakers.
- chinese_cs:   120-turn Chinese customer-service conversations, early key facts, later updates.
- mixed:        Chinese/English code-switching (developer / traveller) conversations.
- facts_labelled: hand-labelled messages for key-fact extraction precision/recall.
"""

from .common import Conversation, Question, Turn, seeds  # noqa: F401

GENERATORS = {}


def generator(name: str):
    from . import chinese_cs, english_chat, mixed
    return {"english": english_chat.generate, "chinese": chinese_cs.generate, "mixed": mixed.generate}[name]
