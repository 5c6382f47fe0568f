"""The fact extractor against whole-message gold (bench/evalsets/values_full.py).

    .venv/bin/python -m bench.values_full [--split dev|test|test2|test3|test4|test5|test6|test7|test8|test9|test10|test11|test12|test13|test14|test15|test16|test17|test18|test19|test20|test21|answers22|test23|test24|test25|test26|test27|test28|test29|test30|test31|test32|test33|test34|test35|test36|test37|test38|test39|test40|test41|test42|test43|test44|test45|test46|test47|test48|test49|test50|test51|test52|test53|test54|test55|test56|test57|test58|test59|test60|test61|test62|test63|test64|test65|test66|test67|test68|test69|test70|test71|test72|test73|test74|test75|test76|test77|test78|test79|test80|test81|test82|test83|test84|test85|test86|test87|test88|test89|test90|both|all] [--seed 30] [--json bench/out/values-full.json]

dev and test are MESSAGES dealt by the seed; test2 is MESSAGES_2, written after test's first run
and measured once after the changes that run led to; test3 is MESSAGES_3, written after those; test4 is MESSAGES_4, written after
the changes test3 led to; test5 is MESSAGES_5, written in a later session before the extractor was run on it; test6 is MESSAGES_6, from the session after; test7 is MESSAGES_7, from the session after that; test8 is MESSAGES_8, from a third session that day, test9 is MESSAGES_9, written later in it, test10 is MESSAGES_10, from a session after that, test11 is MESSAGES_11, written after test10's changes, test12 is MESSAGES_12, written after test11's, test13 is MESSAGES_13, written after test12's, test14 is MESSAGES_14, written after test13's, test15 is MESSAGES_15, written after test14's, test16 is MESSAGES_16, written after test15's, test17 is MESSAGES_17 (personal chat), written after test16's, test18 is MESSAGES_18 (corrections), written after test17's, test19 is MESSAGES_19 (run-on shop
messages), written in a later session, test20 is MESSAGES_20 (Chinese and English in one
message), written after test19's, test21 is MESSAGES_21 (Traditional Chinese and voice
transcripts), written after test20's; answers22 is ANSWERS_22, an agent's question and the
customer's short answer, scored with the question as context (memory/answered.py); test23 is
MESSAGES_23 (the services of chinese_cs3, a choice as a value), written after answers22's;
test24 is MESSAGES_24 (services no earlier round used), written after test23's changes;
test25 is MESSAGES_25 (the commonest categories' everyday forms), written after test24's;
test26 is MESSAGES_26 (mostly English service messages), written after test25's;
test27 is MESSAGES_27 (Chinese chats as typed on a phone, many look-alikes), written after test26's.
test28 is MESSAGES_28 (English help-desk messages as typed, look-alikes; Chinese and mixed), written after test27's.
test29 is MESSAGES_29 (claims, bills, tickets, a service hall, returns, a gym; English rentals and rebookings), written after test28's.
test30 is MESSAGES_30 (friends' and diary chat in English and Chinese: numbers that are no facts, and the values such chat holds), written after test29's.
test31 is MESSAGES_31 (customer-service messages with the customer's asides: numbers that are no facts beside the values), written after test30's.
test32 is MESSAGES_32 (American service desks, English chat making plans, Chinese group chat), written in a new session after test31's changes.
test33 is MESSAGES_33 (work chat, a group's trip, a tenant and a landlord, a clinic's follow-up; English, Chinese and mixed), written after test32's changes.
test34 is MESSAGES_34 (Chinese customer service on a phone: a bank, a hospital, a 4S shop, furniture, a pet hospital, repairs, exams, a cinema; Traditional Chinese from Hong Kong and Taiwan; voice input), written after test33's changes.
test35 is MESSAGES_35 (English as people text it: abbreviations, Indian, Australian and Singaporean desks, flatmates sharing bills), written after test34's changes.
test36 is MESSAGES_36 (Chinese private chat between friends and family: plans beside a story's numbers), written after test35's changes.
test37 is MESSAGES_37 (British, Irish and Canadian desks; Chinese government and bank counters; a home assistant's spoken commands), written in a new session after test36's.
test38 is MESSAGES_38 (Chinese second-hand deals, renovation, a driving school, pets, takeaway; Malaysian and Singaporean Chinese with English; Taiwanese desks; American pharmacy, insurance and IT help desk), written after test37's changes.
test39 is MESSAGES_39 (Chinese office paperwork, a house move, home cleaning, a wedding; English for a home assistant, a vet, a school office, a car rental desk), written after test38's changes.
test40 is MESSAGES_40 (Chinese service in formal forms beside chat forms; English told to a personal assistant over weeks, with look-alikes), written after test39's changes.
test41 is MESSAGES_41 (Chinese online-shop service as customers type it; English planning over weeks with the vaguer calendar), written after test40's changes.
test42 is MESSAGES_42 (a small shop, a tenant, a parent's medicines and appointments, a child's school, in Chinese and English, with numbers that are no facts), written after test41's changes.
test43 is MESSAGES_43 (rail and flight changes, a car's 4S shop, an insurance claim, a number moved, a gym card, Chinese numerals; English among colleagues and flatmates), written after test42's changes.
test44 is MESSAGES_44 (a hospital's registration, bills, a course refund, a letting agent, a takeaway; American English to a personal assistant), written after test43's changes.
test45 is MESSAGES_45 (one desk's long chat in Chinese: a disputed charge, broadband and an air conditioner moved, lost luggage, a return; English to a bank, a GP surgery and a broadband desk), written after test44's changes.
test46 is MESSAGES_46 (a desk's question and the short answer, as answers22, from a bank, a hospital, a utility, an airline, a letting agent, in Chinese and English), written after test45's changes.
test47 is MESSAGES_47 (Chinese and English in one message at work and in trade, Hong Kong Cantonese and Taiwanese desks, versions, sizes and percentages), written after test46's changes.
test48 is MESSAGES_48 (a live-stream shop, a beauty salon, a used car, a top-up, a car insurance renewal; friends planning a wedding in English), written after test47's changes.
test49 is MESSAGES_49 (Chinese customer service as one chat goes: the desk's question, then replies with two values, values in words, or none), written after test48's changes.
test50 is MESSAGES_50 (a social-security office, a house agent, a hotel, a failed transfer, a car's service, a courier, spoken Chinese numbers; a sole trader's accountant, a parent's week, a tradesman's quote, a rail itinerary in English), written after test49's changes.
test51 is MESSAGES_51 (a city hotline, a phone repair, a game top-up, a property office, the rail ticket desk, a tutoring centre; English from India, to an American IT desk, and an Australian tenant), written after test50's changes.
test52 is MESSAGES_52 (a group-buying chat, a health check, a kindergarten, a car accident, a visa agency, a seller's supplier; Singapore and Malaysia, a Canadian move, nurses' shifts, a vet, a gym in American dates), written after test51's changes.
test53 is MESSAGES_53 (a second-hand sale, house cleaning, a renovation, a driving school, a wedding banquet, a vaccination, a bank's product; a student to university admin, a US tax preparer, a car rental, an Irish landlord, a pet sitter), written after test52's changes.
test54 is MESSAGES_54 (Chinese voice input, a value said twice to correct it, several values at once, values denied; English corrections, shorthand and lists), written after test53's changes.
test55 is MESSAGES_55 (a telecom plan, a credit card's statement, an insurance claim, a theme park, a hospital, an ID card; a UK energy supplier, an American health insurer, a bike shop, an Australian florist, a Canadian hockey parent), written after test54's changes.
test56 is MESSAGES_56 (a restaurant booking, a pharmacy, a trainer, a laptop's after-sales, a landlord, school fees, with numbers that are no facts; a dog walker, a recruiter, a garage, a holiday let, a grandparent's prescriptions), written after test55's changes.
test57 is MESSAGES_57 (Chinese and English in one message at work, a Chinese tech-support chat with numbers that are no facts, English from Chinese speakers abroad), written after test56's changes.
test58 is MESSAGES_58 (a desk's question and the short answer: an airline, a hotel, a courier, a house agent, a bank in Chinese; a GP surgery, a council, an airline, a bank in English), written after test57's changes.
test59 is MESSAGES_59 (one Chinese customer's long chat with an appliance desk, a repair booked, moved and done; a parent to a school office in English), written after test58's changes.
test60 is MESSAGES_60 (Chinese from a pet clinic, a mover, a wedding photographer, a mortgage, a postpartum nanny; English from a Denver move, a licence office, a Kenyan let paid by M-Pesa, a Belfast boiler), written after test59's changes.
test61 is MESSAGES_61 (Chinese from a ride-hailing lost item, a school's refund, a pet boarder, a hospital escort, Taiwanese Traditional; English from Australia, New Zealand, the Philippines and South Africa), written after test60's changes.
test62 is MESSAGES_62 (Chinese from an airport pickup, hotel rooms, a housing fund, a prescription, a trade-in, a parent to a teacher; English from a US pharmacy and HOA, an Eircode, a stock order, a SIN, a vet), written after test61's changes.
test63 is MESSAGES_63 (Chinese as typed in a shop's chat, a home purchase, a study-abroad agent; one American customer's long chat with an internet provider), written after test62's changes.
test64 is MESSAGES_64 (Chinese from a labour dispute, a tutor, a food delivery, a medical claim; English from an employment claim, a gym, a travel claim, a New York tenant, a wedding's RSVP), written after test63's changes.
test65 is MESSAGES_65 (a desk's question and the short answer at desks earlier rounds did not have: a number ported, a ward, a car park, a car rental, an exam board, a university, a pharmacy), written after test64's changes.
test66 is MESSAGES_66 (messages full of numbers that are no facts: a fever, a dose, a floor, a percentage, a score, an age, a size, a version; each with or without one value that is), written after test65's changes.
test67 is MESSAGES_67 (personal chat and a diary over weeks: a birthday dinner, money split, a move, a parent's surgery, a trip, a new job; English and Chinese), written after test66's changes.
test68 is MESSAGES_68 (Hong Kong Cantonese, Taiwan and Macau in Traditional characters; English from Nigeria, Quebec and Singapore), written after test67's changes.
test69 is MESSAGES_69 (Chinese and English in one message in daily life: a dentist moved, a flight, a hotel, a salary, a table booked), written after test68's changes.
test70 is MESSAGES_70 (a county's service desks and the elderly in Chinese, a landlord by voice input; English from India, a US DMV, a Canadian pharmacy and a UK council), written after test69's changes.
test71 is MESSAGES_71 (care for a parent and a child in Chinese and English: a care home, a physiotherapist, a dentist, a speech therapist, a pharmacy; readings and doses that are no facts; money within a family), written after test70's changes.
test72 is MESSAGES_72 (a wedding, a flat's renovation, a car at the garage, moving house and a new job, in Chinese and English), written after test71's changes.
test73 is MESSAGES_73 (a trip abroad, a pet at the vet, a household's utilities and an insurance claim, in Chinese and English), written after test72's changes.
test74 is MESSAGES_74 (customer service in Chinese and English: an appliance's return, a phone bill, a lost card, a repair, a flight's change, a child's classes, a hospital visit, a bent desk, broadband), written after test73's changes.
test75 is MESSAGES_75 (customer service in Chinese and English: a delivery short, a gym card passed on, a lost parcel, a hire car, a hotel, a health check, a phone's screen, a cleaner, a used car; a landlord's boiler, a dentist), written after test74's changes.
test76 is MESSAGES_76 (customer service in Chinese and English: a late delivery, deposits in spoken numbers, a spare phone, WeChat and QQ, a Shanghai lane address, a table for a family, a station pickup, a school's fees, a gas hob, a complaint; a return, a refund card, a courier slot, a booking), written after test75's changes.
test77 is MESSAGES_77 (customer service in Chinese and English: a phone repair, a flight change, a rental flat's deposit, an online course, a gym, a pharmacy's stock, movers, a card's limit, a wedding photographer, a water heater, a car insurance claim; a broken chair, a visa appointment, a dentist, a subscription, a lost bag), written after test76's changes.
test78 is MESSAGES_78 (customer service in Chinese and English: a broadband move, a takeaway refund, a hospital's registration, property management, a group booking, a phone trade-in, a wire, a school bus, a sofa's delivery, a printer; an energy bill, a meter reading, a landlord, a TV, an airline's refund, an invoice, driving lessons), written after test77's changes.
test79 is MESSAGES_79 (customer service in Chinese and English: roaming charges, a dog's grooming, a care worker, a hire car abroad, a price protection claim, a medical report, a tax refund, a kindergarten, a renovation, a water bill; a gym's cancellation, a car's service, concert tickets, a broadband outage, a mortgage, a redelivery), written after test78's changes.
test80 is MESSAGES_80 (customer service as people type it: Chinese with English words, Traditional Chinese from Hong Kong and Taiwan, and English: a number ported, a health claim, a laptop's return, an allergy, a tutor, a phone's insurance, a Taipei hotel, a Hong Kong courier, a bank's OTP, a summer camp; a warranty, a vet, a taxi's lost item, a wedding venue), written after test79's changes.
test81 is MESSAGES_81 (customer service in Chinese and English: a second-hand phone, a gas leak, a car wash card, a parking fine, a hospital bed, a freight forwarder, a language school, a fridge's repair, a cinema, movers; a boiler, a sofa's delivery, a school trip, a lost passport, a phone contract), written after test80's changes.
test82 is MESSAGES_82 (customer service in Chinese and English: an electricity bill and an outage, a car rental, a gym's lessons, a visa appointment, a laptop's repair, a mortgage, school uniforms, a car insurance claim, a vacuum bought online; a GP appointment, a cancelled train, a hire car, a tenancy deposit, council tax, a nursery, a phone's IMEI), written after test81's changes.
test83 is MESSAGES_83 (customer service in Chinese, English and both: roaming, a health insurance claim, an online course, a food delivery, buying a flat, a pharmacy, wedding photos; a card dispute, an energy supplier, a vet, a plumber, a delayed flight; Hong Kong and Taiwan Traditional Chinese with English words; a meeting moved), written after test82's changes.
test84 is MESSAGES_84 (customer service in Chinese, English and both: a property fee, a water bill, a hospital's registration, a high-speed train, a return, school fees, a cleaner, a village address; an MOT, a broadband outage, a dentist, a student loan, a parcel locker, a dry cleaner, a venue; a watch, an order, an invoice, a hotel), written after test83's changes.
test85 is MESSAGES_85 (customer service in Chinese, English and both: card instalments, a transfer, a parcel locker, a phone plan, a car's service, a kindergarten, an air fryer; a prescription, a flight upgrade, a late checkout, cancellations, a leak; a company's laptops, a purchase order, a Taiwan invoice, a trip), written after test84's changes.
test86 is MESSAGES_86 (customer service in Chinese, English and both: a broadband install, a pet clinic, a moving company, a phone repair, concert tickets; lost baggage, a tax refund, a rental deposit; an Apple repair, a parcel), written after test85's changes.
test87 is MESSAGES_87 (customer service in Chinese, English and both: a hotel, a hospital appointment, a car's service, a school, a lost bank card; a windscreen claim, a cancelled flight; a return, utility bills, train tickets, a visa, a parcel, a restaurant), written after test86's changes.
test88 is MESSAGES_88 (customer service in Chinese, English and both: a wedding banquet, a driving school, a care home, a solar install, a printer repair; a gym, a pharmacy, a dentist, a council tax bill, a car hire; a parcel abroad, a language course), written after test87's changes.
test89 is MESSAGES_89 (customer service in Chinese, English and both: a kitchen refit, a lost phone, a bakery order, a boiler service, a university fee, a bike shop; a phone contract, a hospital's discharge, a flat viewing, a freight quote, a vet, a concert refund), written after test88's changes.
test90 is MESSAGES_90 (customer service in Chinese, English and both: a taxi's lost property, a tutoring centre, a furniture delivery, a clinic's results; a mortgage payment, a hotel in Japan, a plumber, a rail season ticket; a photo studio, a water heater, a florist, a bank transfer), written after test89's changes.

Recall: the share of required values (categories without "?") for which the extractor keeps
a fact of that category matching the value. Precision: the share of every fact the extractor
keeps, from every message of the split, that matches a value of the message, required or
optional. A fact matches a value of its own category when its text, without spaces,
brackets, hyphens and "·", holds the value's and is at most a few characters longer (a unit:
"元", "台"; an address may run on, a time may keep its preposition); a fact that holds only
part of a value is a wrong fact. Both are reported by
language (a message with a CJK character is Chinese) and by category.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import unicodedata
from collections import defaultdict
from pathlib import Path

from bench.evalsets import values_full
from edge_agent.memory.answered import with_answers

SQUEEZE = re.compile(r"[\s()（）\-·]")
CJK = re.compile(r"[\u4e00-\u9fff]")
PREPOSITION = re.compile(r"^(?:by|before|until|till|after|from|on|at)\s+", re.I)


def norm(text: str) -> str:
    """Without spaces, brackets and hyphens, full-width forms as their ASCII ("３３０１" is 3301)."""
    return SQUEEZE.sub("", unicodedata.normalize("NFKC", text)).lower()


def matches(category: str, fact_value: str, value: str) -> bool:
    """An address may run on (its city, its postcode); a time may keep its preposition ("by
    Friday", "until 2pm") and its day ("7:30pm this Friday"); a product its brand ("TP-LINK
    TL-XDR5430"); any other value may carry a unit or a label's last word."""
    got, want = norm(PREPOSITION.sub("", fact_value) if category == "datetime" else fact_value), norm(value)
    slack = {"address": len(want), "datetime": max(10, len(want)), "product": max(6, len(want) // 2)}.get(
        category, max(3, len(want) // 3))
    return want in got and len(got) <= len(want) + slack


def _tally() -> dict:
    return {"required": 0, "found": 0, "kept": 0, "right": 0}


def score(messages: list) -> dict:
    by_lang: dict = defaultdict(_tally)
    by_cat: dict = defaultdict(_tally)
    misses, wrong = [], []
    for item in messages:   # (text, gold), or (the agent's question, the answer, gold)
        asked, text, gold = item if len(item) == 3 else ("", *item)
        lang = "zh" if CJK.search(text) else "en"
        facts = [(f.category, f.value) for f in with_answers(text, asked)]
        for cat, value in gold:
            if cat.startswith("?"):
                continue
            hit = any(c == cat and matches(cat, v, value) for c, v in facts)
            for t in (by_lang[lang], by_cat[cat], by_lang["all"]):
                t["required"] += 1
                t["found"] += hit
            if not hit:
                misses.append([text, cat, value, facts])
        for cat, value in facts:
            good = any(g.lstrip("?") == cat and matches(cat, value, v) for g, v in gold)
            for t in (by_lang[lang], by_cat[cat], by_lang["all"]):
                t["kept"] += 1
                t["right"] += good
            if not good:
                wrong.append([text, cat, value])
    return {"messages": len(messages), "by_language": _rates(by_lang), "by_category": _rates(by_cat),
            "misses": misses, "wrong": wrong}


def _rates(tallies: dict) -> dict:
    out = {}
    for name, t in sorted(tallies.items()):
        out[name] = dict(t, recall=round(t["found"] / t["required"], 3) if t["required"] else None,
                         precision=round(t["right"] / t["kept"], 3) if t["kept"] else None)
    return out


def _print(name: str, report: dict) -> None:
    print(f"\n{name}: {report['messages']} messages")
    print(f"  {'':10s} {'values':>6s} {'recall':>7s} {'facts':>6s} {'precision':>9s}")
    for group in ("by_language", "by_category"):
        for key, r in report[group].items():
            rec = "-" if r["recall"] is None else f"{r['recall']:.3f}"
            pre = "-" if r["precision"] is None else f"{r['precision']:.3f}"
            print(f"  {key:10s} {r['required']:6d} {rec:>7s} {r['kept']:6d} {pre:>9s}")
    for text, cat, value, facts in report["misses"]:
        print(f"  missed {cat} {value!r} in {text!r}: got {facts}")
    for text, cat, value in report["wrong"]:
        print(f"  wrong  {cat} {value!r} in {text!r}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--split", choices=["dev", "test", "test2", "test3", "test4", "test5", "test6", "test7", "test8", "test9", "test10", "test11", "test12", "test13", "test14", "test15", "test16", "test17", "test18", "test19", "test20", "test21", "answers22", "test23", "test24", "test25", "test26", "test27", "test28", "test29", "test30", "test31", "test32", "test33", "test34", "test35", "test36", "test37", "test38", "test39", "test40", "test41", "test42", "test43", "test44", "test45", "test46", "test47", "test48", "test49", "test50", "test51", "test52", "test53", "test54", "test55", "test56", "test57", "test58", "test59", "test60", "test61", "test62", "test63", "test64", "test65", "test66", "test67", "test68", "test69", "test70", "test71", "test72", "test73", "test74", "test75", "test76", "test77", "test78", "test79", "test80", "test81", "test82", "test83", "test84", "test85", "test86", "test87", "test88", "test89", "test90", "both", "all"], default="dev")
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--json", default="bench/out/values-full.json")
    args = ap.parse_args()
    dev, test = values_full.split(args.seed)
    splits = {"dev": dev, "test": test, "test2": values_full.MESSAGES_2, "test3": values_full.MESSAGES_3,
              "test4": values_full.MESSAGES_4, "test5": values_full.MESSAGES_5,
              "test6": values_full.MESSAGES_6,
              "test7": values_full.MESSAGES_7, "test8": values_full.MESSAGES_8, "test9": values_full.MESSAGES_9,
              "test10": values_full.MESSAGES_10, "test11": values_full.MESSAGES_11,
              "test12": values_full.MESSAGES_12, "test13": values_full.MESSAGES_13,
              "test14": values_full.MESSAGES_14, "test15": values_full.MESSAGES_15,
              "test16": values_full.MESSAGES_16, "test17": values_full.MESSAGES_17,
              "test18": values_full.MESSAGES_18,
              "test19": values_full.MESSAGES_19,
              "test20": values_full.MESSAGES_20,
              "test21": values_full.MESSAGES_21, "test23": values_full.MESSAGES_23, "test24": values_full.MESSAGES_24, "test25": values_full.MESSAGES_25, "test26": values_full.MESSAGES_26, "test27": values_full.MESSAGES_27, "test28": values_full.MESSAGES_28, "test29": values_full.MESSAGES_29, "test30": values_full.MESSAGES_30, "test31": values_full.MESSAGES_31, "test32": values_full.MESSAGES_32, "test33": values_full.MESSAGES_33, "test34": values_full.MESSAGES_34, "test35": values_full.MESSAGES_35, "test36": values_full.MESSAGES_36, "test37": values_full.MESSAGES_37, "test38": values_full.MESSAGES_38, "test39": values_full.MESSAGES_39, "test40": values_full.MESSAGES_40, "test41": values_full.MESSAGES_41, "test42": values_full.MESSAGES_42, "test43": values_full.MESSAGES_43, "test44": values_full.MESSAGES_44, "test45": values_full.MESSAGES_45, "test46": values_full.MESSAGES_46, "test47": values_full.MESSAGES_47, "test48": values_full.MESSAGES_48, "test49": values_full.MESSAGES_49, "test50": values_full.MESSAGES_50, "test51": values_full.MESSAGES_51, "test52": values_full.MESSAGES_52, "test53": values_full.MESSAGES_53, "test54": values_full.MESSAGES_54, "test55": values_full.MESSAGES_55, "test56": values_full.MESSAGES_56, "test57": values_full.MESSAGES_57, "test58": values_full.MESSAGES_58, "test59": values_full.MESSAGES_59, "test60": values_full.MESSAGES_60, "test61": values_full.MESSAGES_61, "test62": values_full.MESSAGES_62, "test63": values_full.MESSAGES_63, "test64": values_full.MESSAGES_64, "test65": values_full.MESSAGES_65, "test66": values_full.MESSAGES_66, "test67": values_full.MESSAGES_67, "test68": values_full.MESSAGES_68, "test69": values_full.MESSAGES_69,
    "test70": values_full.MESSAGES_70,
    "test71": values_full.MESSAGES_71,
        "test72": values_full.MESSAGES_72,
        "test73": values_full.MESSAGES_73,
        "test74": values_full.MESSAGES_74,
        "test75": values_full.MESSAGES_75,
        "test76": values_full.MESSAGES_76,
        "test77": values_full.MESSAGES_77,
        "test78": values_full.MESSAGES_78,
        "test79": values_full.MESSAGES_79,
        "test80": values_full.MESSAGES_80,
        "test81": values_full.MESSAGES_81,
        "test82": values_full.MESSAGES_82,
        "test83": values_full.MESSAGES_83,
        "test84": values_full.MESSAGES_84,
        "test85": values_full.MESSAGES_85,
        "test86": values_full.MESSAGES_86,
        "test87": values_full.MESSAGES_87,
        "test88": values_full.MESSAGES_88,
        "test89": values_full.MESSAGES_89,
        "test90": values_full.MESSAGES_90,
              "answers22": values_full.ANSWERS_22}
    names = {"both": ["dev", "test"], "all": ["dev", "test", "test2", "test3", "test4", "test5", "test6", "test7", "test8", "test9", "test10", "test11", "test12", "test13", "test14", "test15", "test16", "test17", "test18", "test19", "test20", "test21", "answers22", "test23", "test24", "test25", "test26", "test27", "test28", "test29", "test30", "test31", "test32", "test33", "test34", "test35", "test36", "test37", "test38", "test39", "test40", "test41", "test42", "test43", "test44", "test45", "test46", "test47", "test48", "test49", "test50", "test51", "test52", "test53", "test54", "test55", "test56", "test57", "test58", "test59", "test60", "test61", "test62", "test63", "test64", "test65", "test66", "test67", "test68", "test69", "test70", "test71", "test72", "test73", "test74", "test75", "test76", "test77", "test78", "test79", "test80", "test81", "test82", "test83", "test84", "test85", "test86", "test87", "test88", "test89", "test90"]}.get(args.split, [args.split])
    chosen = {name: splits[name] for name in names}
    report = {name: score(msgs) for name, msgs in chosen.items()}
    for name, r in report.items():
        _print(name, r)
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(report, ensure_ascii=False, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
