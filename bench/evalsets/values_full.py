"""Whole-message gold for the fact extractor: every value a message holds, so that precision
counts every fact the extractor keeps, not only the ones an item asks about.

Written on 2026-12-04, before the extractor was run on any of it, as customer-service and
assistant messages in Chinese, English and both (broadband, couriers, hotels, clinics, car
repair, banks, B2B orders, SaaS support, schools). Nothing here was chosen by what the
extractor does; forms it is known to miss are in as often as a writer would use them.

Each message has the full list of the values it holds, as (category, value):

- a category without a mark is a value the fact table must keep (recall counts it);
- a category with "?" is a value the table may keep or leave (a vague time, "上周";
  a role, "王女士"); keeping it is not a mistake, leaving it is not a miss.

Categories (the extractor's): name, phone, email, id_card, bank_card, ref (order, ticket,
tracking, contract, invoice numbers), datetime, amount, count, product, address.

A value is written as its shortest form; a kept fact matches it when the value, without
spaces, brackets and hyphens, holds it and is at most a few characters longer (its unit,
"元", "台"). ``split(seed)`` deals the messages into dev and test by a seeded shuffle, so
the writer did not pick which message lands where.
"""

from __future__ import annotations

import random

MESSAGES: list[tuple[str, list[tuple[str, str]]]] = [
    # broadband and phone service
    ("宽带一直掉线，我的账号是绑在 13912345678 这个号上的。", [("phone", "13912345678")]),
    ("师傅说明天下午两点上门，到时候打我电话就行。", [("datetime", "明天下午两点")]),
    ("我家地址是杭州市西湖区文三路 398 号 5 幢 1203 室，装机就装这里。",
     [("address", "杭州市西湖区文三路398号5幢1203室")]),
    ("套餐是 199 元一个月的那个，300M 的。", [("amount", "199元"), ("?product", "300M")]),
    ("工单号 GD20241103001，已经报修三天了还没人来。", [("ref", "GD20241103001"), ("?datetime", "三天")]),
    ("能不能改到周六上午？工作日家里没人。", [("datetime", "周六上午")]),
    ("我叫林晓雯，户主是我爸林国栋。", [("name", "林晓雯"), ("name", "林国栋")]),
    ("光猫型号是 HG8145V5，灯一直闪红。", [("product", "HG8145V5")]),
    ("上个月多扣了 58 块钱，麻烦查一下。", [("amount", "58块"), ("?datetime", "上个月")]),
    ("备用联系电话：0571-8688 2233。", [("phone", "057186882233")]),
    # couriers
    ("快递单号 SF1409876543210，显示已签收但我没收到。", [("ref", "SF1409876543210")]),
    ("收件人写的是陈思远，电话 186 2001 3344。", [("name", "陈思远"), ("phone", "18620013344")]),
    ("一共寄了 3 个箱子，现在只到了 2 个。", [("count", "3个箱子"), ("?count", "2个")]),
    ("包裹里是一台 MacBook Air M2，保价了 8000 元。", [("product", "MacBook Air M2"), ("amount", "8000元"), ("?count", "一台")]),
    ("改一下派送地址，改成上海市浦东新区张江路 88 弄 6 号 302。",
     [("address", "上海市浦东新区张江路88弄6号302")]),
    ("最晚 11 月 20 号前要送到，客户那边等着用。", [("datetime", "11月20号")]),
    ("运单号是 YT7789 0012 3456，圆通的。", [("ref", "YT778900123456")]),
    ("I sent it on Monday and the tracking number is 1Z999AA10123456784.",
     [("?datetime", "Monday"), ("ref", "1Z999AA10123456784")]),
    ("The parcel weighs about 4 kg and there are two boxes.", [("?count", "4 kg"), ("?count", "two boxes")]),
    ("Please deliver to 221B Baker Street, London NW1 6XE.", [("address", "221B Baker Street")]),
    # hotels and travel
    ("我想订 12 月 24 日到 26 日的房间，两晚，大床房。", [("datetime", "12月24日"), ("?datetime", "26日"), ("?count", "两晚")]),
    ("入住人姓名 Sophie Martin，法国护照。", [("name", "Sophie Martin")]),
    ("一共 4 位大人 1 个小孩，需要加床吗？", [("count", "4位"), ("?count", "1个")]),
    ("预订确认号 HT-88213，用的是招行信用卡付的。", [("ref", "HT-88213")]),
    ("房费总共 1,860 元，已经付了定金 500。", [("amount", "1,860元"), ("?amount", "500")]),
    ("航班是 CA1831，晚上 9 点 40 落地，可能会晚到酒店。",
     [("?ref", "CA1831"), ("?product", "CA1831"), ("datetime", "晚上9点40")]),
    ("Could you book a table for six at 7:30pm this Friday?",
     [("?count", "six"), ("datetime", "7:30pm")]),
    ("My booking reference is QX7K2M and the name on it is Daniel Okafor.",
     [("ref", "QX7K2M"), ("name", "Daniel Okafor")]),
    ("Check-out is on 14 March, and we'd like a late check-out until 2pm.",
     [("datetime", "14 March"), ("datetime", "2pm")]),
    ("The total came to $412.50 including tax.", [("amount", "$412.50")]),
    # clinics
    ("挂的是周三下午的号，王主任的专家门诊。", [("datetime", "周三下午"), ("?name", "王主任")]),
    ("就诊卡号 2023007781，身份证号 330106198805123417。",
     [("ref", "2023007781"), ("id_card", "330106198805123417")]),
    ("孩子叫周子涵，今年 6 岁，发烧两天了。", [("name", "周子涵"), ("?count", "6岁")]),
    ("复查约在 2025年1月8日 上午 10:00。", [("datetime", "2025年1月8日"), ("datetime", "10:00")]),
    ("药是一天三次，一次两片，开了 14 天的量。", [("?count", "两片"), ("?count", "14天")]),
    ("My appointment with Dr. Patel is at 3:15 on Thursday.",
     [("?name", "Patel"), ("datetime", "3:15"), ("datetime", "Thursday")]),
    ("You can reach the clinic at (415) 555-0132 between 9 and 5.",
     [("phone", "4155550132")]),
    # car repair
    ("车牌是浙A·7K3M9，白色的大众帕萨特。", [("ref", "浙A7K3M9"), ("product", "大众帕萨特")]),
    ("保养报价 1280，比上次贵了 300 多。", [("amount", "1280"), ("?amount", "300")]),
    ("车开了 62000 公里，想顺便换一下刹车片。", [("?count", "62000公里")]),
    ("取车时间定在后天中午 12 点。", [("datetime", "后天中午12点")]),
    ("维修单号：WX-2024-0917-05，你们前台给的。", [("ref", "WX-2024-0917-05")]),
    ("The car is a 2019 Toyota Corolla, plate number KV19 XRT.",
     [("product", "Toyota Corolla"), ("?ref", "KV19XRT")]),
    ("The quote was £640 for the clutch, which seems high.", [("amount", "£640")]),
    # banks and payments
    ("银行卡号 6222 0212 3456 7890 123，工行的，退款退到这张卡。", [("bank_card", "6222021234567890123")]),
    ("转账金额是 ¥25,000.00，备注写了合同号。", [("amount", "¥25,000.00")]),
    ("合同编号 HT2024-SH-0315，甲方是我们公司。", [("ref", "HT2024-SH-0315")]),
    ("发票抬头：杭州云栖科技有限公司，税号 91330106MA2H0XXXX1。",
     [("?name", "杭州云栖科技有限公司"), ("ref", "91330106MA2H0XXXX1")]),
    ("分期是 12 期，每期 833 元。", [("count", "12期"), ("amount", "833元")]),
    ("我的邮箱 xiaowen.lin@163.com，对账单发这里。", [("email", "xiaowen.lin@163.com")]),
    ("信用卡额度从两万提到五万可以吗？", [("amount", "两万"), ("amount", "五万")]),
    ("The refund of 89.99 euros still hasn't reached my account.", [("amount", "89.99 euros")]),
    ("Send the statement to m.kowalski@fastmail.com please.", [("email", "m.kowalski@fastmail.com")]),
    ("My card ending 4821 was charged twice on Nov 3.",
     [("?bank_card", "4821"), ("datetime", "Nov 3")]),
    # B2B orders
    ("我们要采购 50 台 RK3588 开发板，含税价多少？", [("count", "50台"), ("product", "RK3588")]),
    ("上次那批订单号 PO-77120，还差 8 箱没到。", [("ref", "PO-77120"), ("count", "8箱")]),
    ("对接人是采购部的 Michael Tan，邮箱 michael.tan@acme-tech.cn。",
     [("name", "Michael Tan"), ("email", "michael.tan@acme-tech.cn")]),
    ("交货日期改为 2025-02-28，之前说的 2 月 15 日来不及。",
     [("datetime", "2025-02-28"), ("?datetime", "2月15日")]),
    ("单价能不能降到 420 元？量大的话我们可以签一年。", [("amount", "420元"), ("?datetime", "一年")]),
    ("预算大概在 30 万左右，含安装。", [("amount", "30万")]),
    ("送货到深圳市宝安区福永街道凤凰第一工业区 A 栋 3 楼，找仓管老刘。",
     [("address", "深圳市宝安区福永街道凤凰第一工业区A栋3楼"), ("?name", "老刘")]),
    ("数量：120 套，颜色统一黑色。", [("count", "120套")]),
    ("We need 250 units of the ESP32-S3 module by the end of the month.",
     [("count", "250 units"), ("product", "ESP32-S3"), ("datetime", "end of the month")]),
    ("Our PO number is 4500123987; please quote it on the invoice.", [("ref", "4500123987")]),
    ("Total budget is around 18k USD for the pilot.", [("amount", "18k USD")]),
    # SaaS and device support
    ("账号 ID 是 u_839201，登录一直提示密码错误。", [("ref", "u_839201")]),
    ("我们用的是企业版，50 个席位，年费 24800。", [("count", "50个席位"), ("amount", "24800")]),
    ("服务器在阿里云华东 2，IP 是 47.98.12.201。", [("?ref", "47.98.12.201")]),
    ("昨晚 11 点半开始报 502，到现在还没恢复。", [("datetime", "昨晚11点半")]),
    ("工单 #58231 麻烦升级一下，影响到线上了。", [("ref", "58231")]),
    ("设备序列号 SN: 7F3A-99C2-0D41，保修还在吗？", [("ref", "7F3A-99C2-0D41")]),
    ("我用的是华为 Mate 60 Pro，系统 HarmonyOS 4.2。", [("product", "Mate 60 Pro")]),
    ("路由器是 TP-LINK TL-XDR5430，固件最新。", [("product", "TL-XDR5430")]),
    ("Ticket INC0012345 was closed without a fix.", [("ref", "INC0012345")]),
    ("We have 12 seats on the Pro plan and want to add 5 more.",
     [("count", "12 seats"), ("?count", "5"), ("?product", "Pro plan")]),
    ("The outage started at 02:10 UTC on 2 December.", [("datetime", "02:10"), ("datetime", "2 December")]),
    ("I'm on a Dell XPS 13 running Ubuntu 24.04.", [("product", "Dell XPS 13")]),
    # schools and courses
    ("孩子报的是周日上午 9:00-11:00 的编程班，一共 16 节课。",
     [("datetime", "周日上午"), ("?datetime", "9:00"), ("count", "16节")]),
    ("学费 3600，可以分两次交吗？", [("amount", "3600"), ("?count", "两次")]),
    ("学生姓名：欧阳明轩，三年级二班。", [("name", "欧阳明轩")]),
    ("家长电话 158-0571-6623，白天打不通就发短信。", [("phone", "15805716623")]),
    ("试听课约在下周二傍晚六点。", [("datetime", "下周二傍晚六点")]),
    ("My daughter Chloe starts on September 2nd; her student number is 20250417.",
     [("name", "Chloe"), ("datetime", "September 2nd"), ("ref", "20250417")]),
    # values inside longer, looser speech
    ("对了，之前留的手机号换了，新号码是 177 8899 0011，旧的别打了。", [("phone", "17788990011")]),
    ("嗯嗯，那就先这样，钱我下午转过去，两千八百块。", [("amount", "两千八百块"), ("?datetime", "下午")]),
    ("你们客服电话 95188 我打了好几次都没人接。", [("phone", "95188")]),
    ("我是张伟的同事，他让我来问一下进度。", [("name", "张伟")]),
    ("麻烦转告赵经理，会议挪到 4 点半了。", [("?name", "赵经理"), ("datetime", "4点半")]),
    ("东西是 10/28 买的，小票还在。", [("datetime", "10/28")]),
    ("一共花了一千二，就用了一个礼拜就坏了。", [("amount", "一千二"), ("?datetime", "一个礼拜")]),
    ("I'm Priya, I called yesterday about order 88-4410-27.",
     [("name", "Priya"), ("?datetime", "yesterday"), ("ref", "88-4410-27")]),
    ("Call me back on +44 7700 900123 after 6pm.", [("phone", "+447700900123"), ("datetime", "6pm")]),
    # look-alikes: numbers that are not the values they resemble
    ("我们的系统是 v3.2.1 版本，升级到 3.3 以后就出问题了。", []),
    ("成功率大概只有 3/5，太低了。", []),
    ("第 2 步做完以后，第 3 步就报错。", []),
    ("这个问题我已经反馈了不下 10 次。", [("?count", "10次")]),
    ("屏幕是 1920x1080 的，刷新率 144Hz。", []),
    ("我是 Amazon 上买的，不是你们官网。", []),
    ("这款支持 Wi-Fi 6 和蓝牙 5.3 吗？", []),
    ("错误码 0x80070005，重装也没用。", [("?ref", "0x80070005")]),
    ("Step 2 of 5 keeps failing with error 403.", []),
    ("I'm using Python 3.12 and Node 20.", []),
    ("It happens about 1 in 4 times.", []),
    ("She said it was 100% my fault, which is not fair.", []),
]

# Written after the first test run (before any change made from it), as the split that change
# is measured on once: "test2".
MESSAGES_2: list[tuple[str, list[tuple[str, str]]]] = [
    ("您好，我姓黄，黄婷婷，上个月在你们这办的卡。", [("name", "黄婷婷"), ("?datetime", "上个月")]),
    ("退货单号 TH20250108-0032，东西已经寄回去了。", [("ref", "TH20250108-0032")]),
    ("我们公司 8 个人要去，2 月 3 日出发，住 4 晚。",
     [("count", "8个人"), ("datetime", "2月3日"), ("?count", "4晚")]),
    ("麻烦开发票，金额 6,480.00 元，抬头个人。", [("amount", "6,480.00元")]),
    ("送到北京市朝阳区望京街道阜通东大街 6 号院 3 号楼 1502。",
     [("address", "北京市朝阳区望京街道阜通东大街6号院3号楼1502")]),
    ("联系电话 0755 8666 0000 转 3021，找前台就行。", [("phone", "075586660000转3021")]),
    ("我的车是比亚迪汉 EV，去年 5 月提的。", [("product", "比亚迪汉"), ("?datetime", "5月")]),
    ("预约改到 3 月 15 号上午 10 点半，可以吗？", [("datetime", "3月15号上午10点半")]),
    ("快递到了 5 件，还少 1 件。", [("count", "5件"), ("?count", "1件")]),
    ("邮箱写错了，应该是 chen.yu@outlook.com。", [("email", "chen.yu@outlook.com")]),
    ("订了 30 份盒饭，每份 25 块。", [("count", "30份"), ("amount", "25块")]),
    ("售后电话 400 600 8800，周末也上班吗？", [("phone", "4006008800")]),
    ("孩子今年上二年级，叫王子墨。", [("name", "王子墨")]),
    ("月租 3500，押一付三，下周一签合同。", [("amount", "3500"), ("datetime", "下周一")]),
    ("设备是 RK3568 的板子，固件版本 1.4.2。", [("product", "RK3568")]),
    ("信用卡尾号 6617，昨天被盗刷了 2,999 元。", [("bank_card", "6617"), ("amount", "2,999元"), ("?datetime", "昨天")]),
    ("面试定在 12/16 14:30，线上腾讯会议。", [("datetime", "12/16 14:30")]),
    ("我是李娜的助理，她让我确认一下行程。", [("name", "李娜")]),
    ("这批货一共 1200 件，分 3 批发。", [("count", "1200件"), ("?count", "3批")]),
    ("护照号 E12345678，名字拼音 ZHANG SAN。", [("id_card", "E12345678"), ("?name", "ZHANG SAN")]),
    ("Hi, this is Marcus Reid, I ordered two Kindle Paperwhite units last week.",
     [("name", "Marcus Reid"), ("product", "Kindle Paperwhite"), ("?count", "two"), ("?datetime", "last week")]),
    ("The invoice number is INV-2024-11873 and it was due on 30 November.",
     [("ref", "INV-2024-11873"), ("datetime", "30 November")]),
    ("Please ship to 48 Rue de Rivoli, 75004 Paris.", [("address", "48 Rue de Rivoli")]),
    ("You can call my office on 020 7946 0958.", [("phone", "02079460958")]),
    ("We'd like 3 rooms for the nights of 9 and 10 May.", [("count", "3 rooms"), ("datetime", "9 and 10 May")]),
    ("My wife Hannah will pick it up on Saturday morning.",
     [("name", "Hannah"), ("datetime", "Saturday morning")]),
    ("It cost me 240 dollars and broke after a week.", [("amount", "240 dollars")]),
    ("Our budget for the event is $12,000.", [("amount", "$12,000")]),
    ("My email is j.nakamura@example.org if you need it.", [("email", "j.nakamura@example.org")]),
    ("I have a Samsung Galaxy Tab S9 with 256GB.", [("product", "Samsung Galaxy Tab S9")]),
    ("版本是 2.0.3，更新后闪退。", []),
    ("满意度大概 4/5 吧。", []),
    ("The score was 3 to 1 in the end.", []),
    ("第 5 排座位视野不好。", []),
]

# Written after every change (the extractor was not changed after this list was written): "test3".
MESSAGES_3: list[tuple[str, list[tuple[str, str]]]] = [
    ("理赔报案号 BA2025011900087，车是在小区门口被刮的。", [("ref", "BA2025011900087")]),
    ("保单是去年 9 月买的，保额 50 万。", [("?datetime", "9月"), ("amount", "50万")]),
    ("外卖地址：成都市武侯区天府大道北段 1700 号环球中心 E1 区 2 楼。",
     [("address", "成都市武侯区天府大道北段1700号环球中心E1区2楼")]),
    ("我点了两份宫保鸡丁，只送来一份。", [("?count", "两份"), ("?count", "一份")]),
    ("骑手电话 150 1234 9876 一直打不通。", [("phone", "15012349876")]),
    ("沙发尺寸 2.4 米，能不能周四下午送货？", [("datetime", "周四下午")]),
    ("订金交了 2000，尾款 6800 到货再付。", [("amount", "2000"), ("amount", "6800")]),
    ("狗狗叫豆豆，柯基，3 岁，疫苗该打第二针了。", [("?count", "3岁")]),
    ("宠物医院约的是 1 月 12 日下午 3 点。", [("datetime", "1月12日下午3点")]),
    ("我的社保卡号 110105199003074518，办理异地就医备案。", [("id_card", "110105199003074518")]),
    ("健身卡年费 3288，私教课 20 节。", [("amount", "3288"), ("count", "20节")]),
    ("房东姓刘，刘建国，电话 13701234567。", [("name", "刘建国"), ("phone", "13701234567")]),
    ("押金 5000 元什么时候退？合同 3 月底到期。", [("amount", "5000元"), ("datetime", "3月底")]),
    ("手机是 iPhone 14 Pro，屏幕碎了，维修报价多少？", [("product", "iPhone 14 Pro")]),
    ("航班改签到 2 月 9 日 MU5137，晚上 8 点 15 起飞。",
     [("datetime", "2月9日"), ("?ref", "MU5137"), ("?product", "MU5137"), ("datetime", "晚上8点15")]),
    ("我爱人叫孙丽，她也要一起入住。", [("name", "孙丽")]),
    ("采购 300 个 USB-C 充电头，单价 18.5 元。", [("count", "300个"), ("amount", "18.5元")]),
    ("客服工号 8021 的那位态度不太好。", [("?ref", "8021")]),
    ("会员号 VIP00231876，积分好像没到账。", [("ref", "VIP00231876")]),
    ("The claim number is CLM-558201 and the accident was on 12 January.",
     [("ref", "CLM-558201"), ("datetime", "12 January")]),
    ("I'm Grace Liu, I live at 17 Elm Street, Apt 4B.", [("name", "Grace Liu"), ("address", "17 Elm Street")]),
    ("The sofa is 240 cm wide; can it arrive next Thursday?", [("datetime", "next Thursday")]),
    ("Deposit was $350 and the rest is due on delivery.", [("amount", "$350")]),
    ("Our dog Biscuit needs his booster on the 22nd of January.", [("?name", "Biscuit"), ("datetime", "22nd of January")]),
    ("My phone number changed, it's now 07911 123456.", [("phone", "07911123456")]),
    ("We ordered 40 chairs and 10 tables for the office.", [("count", "40 chairs"), ("?count", "10 tables")]),
    ("My husband Oliver will sign for the parcel.", [("name", "Oliver")]),
    ("The repair quote was 180 pounds, which is too much.", [("amount", "180 pounds")]),
    ("问题大概出现了 3 次，每次都是重启后。", [("?count", "3次")]),
    ("这款有 8+256 和 12+512 两个版本吗？", []),
    ("屏幕亮度调到 80% 还是看不清。", []),
    ("Page 3 of the manual says something different.", []),
]

# Written after the last change of this round (WeChat / QQ / VIN included), run once: "test4".
MESSAGES_4: list[tuple[str, list[tuple[str, str]]]] = [
    ("我想把套餐从 59 元的改成 99 元的，下个月 1 号生效。", [("?amount", "59元"), ("amount", "99元"), ("?datetime", "下个月1号")]),
    ("宽带账号 057188776655，装机地址没变。", [("ref", "057188776655")]),
    ("空调是格力 KFR-35GW，外机一直滴水。", [("product", "KFR-35GW")]),
    ("师傅上次来是 11 月 3 号，收了上门费 50 块。", [("datetime", "11月3号"), ("amount", "50块")]),
    ("物业费一年 2,160 元，能开电子发票吗？", [("amount", "2,160元")]),
    ("我们小区是滨江花园 7 幢，车位号 B-112。", [("?address", "滨江花园7幢"), ("?ref", "B-112")]),
    ("签证材料 12 月 20 日前寄到领馆，护照号 EA1234567。", [("datetime", "12月20日"), ("id_card", "EA1234567")]),
    ("体检预约在周五上午 8 点，要空腹。", [("datetime", "周五上午8点")]),
    ("报名费 380，考试时间 2025 年 3 月 22 日。", [("amount", "380"), ("datetime", "2025年3月22日")]),
    ("孩子叫李沐阳，报的是周六下午的美术课。", [("name", "李沐阳"), ("datetime", "周六下午")]),
    ("退货运费谁出？我这边已经垫付了 15 元。", [("amount", "15元")]),
    ("订单 2024112900331 还没发货，都一周了。", [("ref", "2024112900331"), ("?datetime", "一周")]),
    ("联系人：赵敏，手机 135 7788 9900。", [("name", "赵敏"), ("phone", "13577889900")]),
    ("我需要 6 张桌子、24 把椅子，下周三之前送到。", [("count", "6张"), ("?count", "24把"), ("datetime", "下周三之前")]),
    ("酒店确认号 88231907，入住人张伟。", [("ref", "88231907"), ("name", "张伟")]),
    ("请把发票寄到 invoice@huaxin-tech.com，抬头写华信科技。", [("email", "invoice@huaxin-tech.com")]),
    ("My prescription number is RX-449120 and I pick it up at 5:30pm.",
     [("ref", "RX-449120"), ("datetime", "5:30pm")]),
    ("Cancel my subscription before 1 March, the plan is $14.99 a month.",
     [("datetime", "1 March"), ("amount", "$14.99")]),
    ("The plumber, Mr. Hughes, said he'd come on Tuesday between 8 and 10.",
     [("?name", "Hughes"), ("datetime", "Tuesday")]),
    ("We're a family of five flying to Lisbon on 3 April.", [("?count", "five"), ("datetime", "3 April")]),
    ("Our office number is +1 212 555 0187, ask for Dana.", [("phone", "+12125550187"), ("?name", "Dana")]),
    ("I bought a Bosch Serie 6 dishwasher in October for 649 euros.",
     [("product", "Bosch Serie 6"), ("?datetime", "October"), ("amount", "649 euros")]),
    ("Ticket #30817 is still open after two weeks.", [("ref", "30817")]),
    ("My name's Aleksandra Nowak and my member ID is 55-0917.", [("name", "Aleksandra Nowak"), ("ref", "55-0917")]),
    ("第 3 个问题我没看懂。", []),
    ("这个功能 2.0 版本以后才有吗？", []),
    ("音量调到 30% 以上就有杂音。", []),
    ("I rated it 4 out of 5.", []),
    ("It took me 3 tries to log in.", []),
]


def split(seed: int = 30) -> tuple[list, list]:
    """``(dev, test)``: the messages dealt by a shuffle seeded with ``seed``, half each."""
    order = list(range(len(MESSAGES)))
    random.Random(seed).shuffle(order)
    half = len(order) // 2
    return [MESSAGES[i] for i in sorted(order[:half])], [MESSAGES[i] for i in sorted(order[half:])]
