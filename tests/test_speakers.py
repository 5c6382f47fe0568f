"""A question that names a speaker is searched as that speaker's own (memory/speakers.py)."""

from __future__ import annotations

from edge_agent.memory import create_memory
from edge_agent.memory.speakers import Speakers
from edge_agent.messages import Message


def test_names_come_from_the_system_prompt_the_name_field_and_greetings():
    s = Speakers()
    s.learn_system("You are Marta, talking to Kofi about his week.")
    assert (s.name_of("assistant"), s.name_of("user")) == ("Marta", "Kofi")
    s = Speakers()
    s.learn("user", "hello", name="Bea")
    assert s.name_of("user") == "Bea" and s.name_of("assistant") is None
    s = Speakers()
    s.learn("assistant", "Hey Jun! How was the gig?")
    assert s.name_of("user") is None                       # one greeting is not enough
    s.learn("assistant", "Morning, Jun.")
    s.learn("assistant", "Hi Tuesday people")               # a weekday is no name
    assert s.name_of("user") == "Jun" and s.name_of("assistant") is None
    s = Speakers()
    for _ in range(2):
        s.learn("user", "Caroline: I went to a support group yesterday.")
        s.learn("assistant", "Melanie: That sounds lovely, Caroline!")
    assert (s.name_of("user"), s.name_of("assistant")) == ("Caroline", "Melanie")   # transcript labels


def test_interjections_and_the_next_sentence_are_no_names():
    s = Speakers()
    for text in ("Oh, random, but my aunt called.", "Night night!", "Morning! Busy day here.", "Hey you.",
                 "Thanks, It's fine.", "Ha, classic.", "Okay, so here's the thing."):
        for _ in range(3):
            s.learn("assistant", text)
    assert s.name_of("user") is None and s.name_of("assistant") is None
    for text in ("I'm really glad you found that, Tobias.", "That's awful, Tobias. Sending a hug."):
        s.learn("assistant", text)                          # a name addressed at a sentence's end
    assert s.name_of("user") == "Tobias"


def test_the_system_prompts_two_names_are_told_apart_by_the_messages():
    s = Speakers()
    s.learn_system("A chat between Tobias and Beatriz, best friends since school.")
    assert s.name_of("user") is None and s.name_of("assistant") is None   # who is who is not said
    s.learn("user", "Beatriz!! Tell me something good, I need it.")         # one of the two, addressed
    assert (s.name_of("user"), s.name_of("assistant")) == ("Tobias", "Beatriz")
    assert s.rewrite("What did Beatriz make at the studio?") == "What did you make at the studio?"
    s = Speakers()
    s.learn_system("A chat between Tobias and Beatriz.")
    s.learn("user", "Ha!! That is brilliant.")                               # not one of the two
    s.learn("assistant", "Hey Beatriz, how are you?")                       # the other way round
    assert (s.name_of("user"), s.name_of("assistant")) == ("Beatriz", "Tobias")


def test_a_named_speaker_becomes_the_first_or_second_person():
    s = Speakers()
    s.learn_system("Messages from Ola have role user. You are Ines.")
    assert s.rewrite("What is Ola's job?") == "What is my job?"
    assert s.rewrite("Where does Ines live now?") == "Where does you live now?"
    assert s.rewrite("Who is Olaf?") == "Who is Olaf?"       # a whole word only
    assert Speakers().rewrite("What is Ola's job?") == "What is Ola's job?"   # nobody known: unchanged


async def test_recall_finds_the_named_speakers_own_message():
    mem = create_memory("sliding", max_tokens=420, reserve_tokens=40, recall=True,
                        system="You are Ines, chatting with Ola.")
    await mem.add(Message("user", "These days I work as a midwife."))
    await mem.add(Message("assistant", "Ola, my cousin says hello and might visit."))   # names her, about nothing
    for i in range(40):                                     # both leave the window
        await mem.add(Message("user" if i % 2 == 0 else "assistant", f"Small talk number {i} about the weather."))
    hits = mem._recall_hits("What is Ola's profession?")
    assert hits and hits[0].line.endswith("These days I work as a midwife.")   # hers, not the one naming her
