"""The offline model's knowledge of words: concepts shared by English and Korean (data only).

A real model learned what words mean from text; the offline model carries this table. Each
concept id is an English word; its line lists the English lemmas and Korean dictionary forms
that can mean it. A word may mean several concepts ("times": multiply or time); the tools on
offer and the entities in the request settle which. Nothing here names a tool: tools are
chosen by comparing these meanings with the tools' own names and descriptions (planning.py).
"""

from __future__ import annotations

# fmt: off
CONCEPTS: dict[str, str] = {
    # arithmetic and numbers
    "arithmetic": "arithmetic math maths calculation calculate compute computation calculator "
                  "evaluate expression equation formula 계산 계산하다 계산기 수식 연산 수학",
    "add": "add plus sum total addition 더하다 더하기 합 합계 합산 덧셈",
    "subtract": "subtract minus difference subtraction deduct 빼다 빼기 뺄셈 차이",
    "multiply": "multiply times product multiplication 곱하다 곱하기 곱셈 곱",
    "divide": "divide quotient division over split 나누다 나누기 나눗셈 나눠내다 더치페이 엔빵",
    "power": "power square exponent squared cube 제곱 거듭제곱",
    "root": "sqrt root 제곱근 루트",
    "percent": "percent percentage 퍼센트 비율 프로",
    "tip": "tip gratuity 팁 봉사료",
    "average": "average mean median 평균",
    "round": "round rounding 반올림",
    "number": "number numeral digit figure integer 숫자 수",
    "random": "random dice die roll coin flip 랜덤 무작위 주사위 동전",
    "statistics": "statistics stats analytics report 통계 분석 리포트 보고서",
    # units and conversion
    "convert": "convert conversion exchange change transform 바꾸다 변환 변환하다 환산 "
               "환산하다 환전 환전하다",
    "unit": "unit units measurement measure metric imperial 단위 측정",
    "length": "length distance meter metre kilometer km mile mi foot feet inch centimeter cm "
              "yard 길이 거리 미터 킬로미터 마일 피트 인치 센티미터",
    "weight": "weight mass kilogram kilo kg gram pound lb ounce weigh 무게 몸무게 킬로그램 그램 "
              "파운드",
    "volume": "volume liter litre gallon cup milliliter ml 부피 리터 갤런 컵",
    "temperature": "temperature celsius fahrenheit kelvin degree temp 기온 온도 섭씨 화씨 도",
    "speed": "speed mph kph velocity 속도 속력 배속",
    "area": "area acre hectare 면적 넓이 평",
    # money
    "currency": "currency money cash fx forex dollar euro yen won pound yuan 통화 돈 화폐 "
                "달러 유로 엔 엔화 원화 위안 외화",
    "exchange_rate": "rate 환율 시세",
    "price": "price cost fee charge quote pricing expensive cheap 가격 값 비용 요금 얼마",
    "pay": "pay payment paid charge transfer settle settlement 결제 결제하다 지불 지불하다 송금 "
           "송금하다 이체 정산 정산하다",
    "invoice": "invoice bill billing receipt 청구서 인보이스 영수증 계산서 청구",
    "expense": "expense spending spend budget 지출 경비 예산",
    "balance": "balance account bank 잔액 잔고 계좌 은행 통장",
    "tax": "tax vat 세금 부가세",
    "loan": "loan mortgage interest 대출 이자",
    # time, dates, calendar
    "time": "time clock hour timezone zone 시간 시각 몇시 시계",
    "date": "date day calendar today 날짜 며칠 요일 달력",
    "calendar": "calendar schedule agenda event appointment planner organizer party "
                "일정 캘린더 스케줄 약속 파티 행사 모임",
    "meeting": "meeting call conference standup sync 회의 미팅",
    "create": "create add make new set schedule arrange put log record register open "
              "enroll enrol 만들다 추가 추가하다 생성 생성하다 등록 등록하다 잡다 새 기록하다 "
              "넣다 담다",
    "delete": "delete remove cancel clear drop erase 삭제 삭제하다 지우다 취소 취소하다 없애다 "
              "빼다",
    "update": "update edit modify change rename move reschedule mark postpone "
              "수정 수정하다 변경 변경하다 고치다 옮기다 바꾸다 처리 처리하다 미루다 앞당기다 "
              "당기다",
    "list": "list show all view browse 목록 리스트 보여주다 보이다 보다",
    "remaining": "remaining left remain 남다 남은",
    "timer": "timer countdown stopwatch 타이머 스톱워치",
    "alarm": "alarm wake ping buzz 알람 깨우다",
    "remind": "remind reminder reminders nudge 알림 리마인드 리마인더 상기",
    "duration": "minute second hour duration 분 초 동안 시간",
    "future": "tomorrow forecast upcoming next later week weekend tonight future 내일 모레 "
              "예보 다음 이번주 주말 주간 나중 오늘밤 앞으로",
    "now": "now current currently right today present live recent recently lately latest "
           "지금 현재 오늘 실시간 요즘 최근 최신",
    "past": "yesterday history historical last past previous ago 어제 과거 지난 이전",
    "holiday": "holiday vacation 공휴일 휴일 휴가 연휴",
    "birthday": "birthday anniversary 생일 기념일",
    # communication
    "message": "message text chat 메시지 메세지 카톡 채팅 쪽지",
    "dm": "dm 디엠 귓속말",
    "sms": "sms texting 문자 문자메시지",
    "send": "send post deliver text message notify 보내다 전송 전송하다 발송 보내기 전하다 올리다 "
            "게시 게시하다",
    "email": "email mail e-mail inbox gmail 이메일 메일 전자우편",
    "draft": "draft compose prepare 초안 작성 작성하다",
    "reply": "reply respond answer 답장 답장하다 회신 답하다",
    "forward": "forward 전달 전달하다",
    "read": "read open view check show display 읽다 확인 확인하다 열다 보다 보여주다 보이다",
    "call_phone": "phone dial ring number 전화 전화하다 통화",
    "contact": "contact contacts address phonebook 연락처 주소록 연락",
    "channel": "channel slack team workspace 채널 슬랙",
    "notification": "notification notify alert push 알림 통지 푸시",
    "subject": "subject title headline 제목",
    # tasks and notes
    "todo": "todo todos to-do task chore checklist 할일 작업 과제 업무 투두",
    "note": "note memo jot notebook comment remark 메모 노트 기록 적다 적어두다 코멘트 댓글",
    "visit": "visit viewing 방문 방문하다 집보기",
    "done": "done complete finish end tick 완료 완료하다 끝내다 마치다 체크 종료 종료하다",
    "closed": "closed resolved 닫히다 닫다 해결되다 종료되다 마감되다",  # a state: no longer open
    # language
    "translate": "translate translation translator 번역 번역하다 통역 옮기다",
    "language": "language english korean japanese chinese french german spanish italian "
                "영어 한국어 일본어 중국어 프랑스어 독일어 스페인어 언어 한글",
    "define": "define definition meaning mean dictionary 뜻 의미 정의 사전 뜻풀이",
    "synonym": "synonym thesaurus antonym 동의어 유의어 반의어",
    "spell": "spell spelling grammar proofread 맞춤법 철자 문법",
    "word": "word term phrase vocabulary 단어 낱말 어휘 용어",
    "summarize": "summarize summary tldr digest 요약 요약하다 정리",
    "pronounce": "pronounce pronunciation 발음",
    # files and data
    "file": "file document pdf csv 파일",
    "folder": "folder directory dir 폴더 디렉터리 디렉토리",
    "docs": "doc docs documentation manual guide reference wiki 문서 문서화 설명서 가이드 매뉴얼",
    "write_file": "save write store 저장 저장하다",
    "database": "database sql query table row record db 데이터베이스 쿼리 테이블 레코드 디비",
    "search": "search find look lookup seek query 검색 검색하다 찾다 찾기 조회 조회하다",
    "download": "download upload fetch 다운로드 업로드 내려받다 올리다",
    "programming": "program programming script function python javascript algorithm 프로그램 "
                   "프로그래밍 스크립트 함수 알고리즘 코딩",
    "run": "run execute 실행 실행하다 돌리다",
    "image": "image photo picture screenshot png jpg jpeg 이미지 사진 그림 스크린샷",
    "resize": "resize scale shrink enlarge crop thumbnail 리사이즈 축소 확대 줄이다 늘리다 자르다",
    "chart": "chart plot graph 차트 그래프",
    # travel
    "flight": "flight fly airline plane airfare airport 항공편 비행기 항공 항공권 비행 공항",
    "hotel": "hotel room stay accommodation lodging inn hostel 호텔 숙소 숙박 방 객실",
    "reserve": "book booking reserve reservation 예약 예약하다 예매 예매하다 잡다 부킹",
    "restaurant": "restaurant table dinner lunch dining eatery bistro cafe 식당 레스토랑 맛집 "
                  "테이블 저녁 점심 카페",
    "food": "food eat meal dish cuisine 음식 먹다 요리 식사",
    "recipe": "recipe cook cooking ingredient bake 레시피 요리법 재료 끓이다 굽다 만들다",
    "ride": "ride taxi cab uber lyft car driver pickup 택시 차 승차 픽업 기사",
    "route": "route direction directions navigate navigation way map distance travel "
             "길 경로 길찾기 지도",
    "place": "place location city address where area region near nearby 장소 위치 도시 곳 "
             "주소 어디 근처 지역",
    "attraction": "attraction sight sightseeing landmark visit tour 관광 관광지 명소 구경 볼거리",
    "museum": "museum gallery exhibition 박물관 미술관 전시 전시회",
    "park": "park garden 공원 정원",
    "trip": "trip travel journey vacation itinerary 여행 일정표",
    "train": "train rail subway metro bus transit ktx srt 기차 열차 지하철 버스 고속철도",
    "ticket": "ticket seat pass admission 티켓 표 좌석 예매 예매하다 매표",
    "passenger": "passenger guest people person traveler adult party 승객 인원 명 사람 손님",
    "luggage": "luggage baggage bag pack packing suitcase 짐 가방 수하물 챙기다",
    # weather
    "weather": "weather temperature rain snow sunny cloudy wind windy umbrella forecast storm "
               "humid humidity hot cold warm climate 날씨 기온 비 눈 맑다 흐리다 바람 우산 "
               "덥다 춥다 습도 기후 맑음 흐림",
    "air_quality": "air pollution dust 미세먼지 공기 대기",
    # entertainment
    "music": "music song track album artist playlist tune jazz rock pop classical hiphop "
             "k-pop lyrics 음악 노래 곡 앨범 가수 플레이리스트 재즈 클래식 가사 케이팝",
    "play": "play start resume listen stream 재생 재생하다 틀다 듣다",
    "pause": "pause stop mute 정지 멈추다 중지",
    "volume_level": "volume louder quieter 볼륨 음량 소리",
    "movie": "movie film tv cinema series episode showtime screening theater theatre play "
             "영화 드라마 시리즈 상영 상영관 극장 영화관 개봉 에피소드",
    "game": "game score match scoreline 게임 경기 점수 스코어",
    "standings": "standings ranking rankings leaderboard 순위 랭킹 순위표",
    "available": "available availability free vacant vacancy slot 빈 비다 공석 여유 빈자리",
    "sports": "sports team league football soccer baseball basketball 스포츠 축구 야구 농구",
    "book_read": "book novel author library catalog isbn 책 소설 작가 도서관 도서 장서",
    "podcast": "podcast radio episode 팟캐스트 라디오 에피소드",
    # finance and news
    "stock": "stock share ticker market equity nasdaq 주식 주가 종목 시장",
    "history": "history historical trend timeline 흐름 추이 내역 이력",  # values over a past span
    "crypto": "crypto bitcoin ethereum coin 암호화폐 비트코인 코인",
    "news": "news headline article story press 뉴스 기사 헤드라인 소식",
    "web": "web internet online google website site page browser 웹 인터넷 온라인 구글 사이트",
    # smart home
    "light": "light lamp bulb brightness 불 조명 전등 밝기",
    "turn_on": "on switch enable activate 켜다 작동",
    "turn_off": "off disable deactivate 끄다",
    "thermostat": "thermostat hvac 온도조절기 냉난방",
    "heat": "heat heating heater warm 난방 히터 보일러",
    "cool": "cool cooling ac air-conditioner aircon 냉방 에어컨",
    "lock": "lock unlock door 잠그다 문 잠금",
    "device": "device home smart 기기 장치 스마트홈 집",
    "office": "office study workroom 사무실 서재",
    "kitchen": "kitchen 주방 부엌",
    "bedroom": "bedroom 침실 안방",
    "living_room": "living lounge 거실",
    "bathroom": "bathroom restroom toilet 욕실 화장실",
    # shopping and shipping
    "order": "order purchase buy shop cart basket checkout 주문 주문하다 구매 구매하다 사다 "
             "장바구니 시키다",
    "product": "product item goods 상품 제품 물건",
    "shipping": "shipping shipment package parcel delivery courier 배송 택배 소포 배달 운송장",
    "track": "track tracking trace 추적 추적하다",
    "return": "return refund exchange 반품 환불 교환 반납 반납하다 돌려주다",
    "inventory": "inventory stock warehouse 재고 창고",
    # people and work
    "person": "person people user customer employee member who name 사람 사용자 고객 직원 "
              "회원 이름 누구",
    "family": "mom mother dad father sister brother wife husband friend 엄마 어머니 아빠 "
              "아버지 언니 누나 오빠 형 동생 아내 남편 친구",
    "hr": "employee staff hr payroll salary leave vacation 직원 인사 급여 월급 연차 휴가",
    "leave": "leave absence sick pto 휴가 연차 병가 결근",
    "issue": "issue ticket bug jira github incident 이슈 버그 티켓 장애",
    "project": "project repo repository milestone 프로젝트 저장소",
    "assign": "assign assignee owner 배정 할당 담당",
    "status": "status state progress healthy normally outage disruption 상태 진행 현황 정상 "
              "장애 운행",
    "priority": "priority urgent important 우선순위 긴급 중요",
    "health": "health doctor medicine symptom hospital clinic 건강 병원 의사 약 증상",
    "fitness": "fitness exercise workout step run calorie swim jog jogging cycling gym "
               "training yoga bike bicycle 운동 걸음 칼로리 수영 조깅 헬스 러닝 달리기 요가 훈련 "
               "걸음수 뛰다 달리다 자전거 사이클",
    "weather_alert": "warning alert 경보 주의보",
    # everyday domains a learner may write tools for (banking, study, pets, jobs...)
    "transaction": "transaction statement 거래 거래내역 내역 사용내역 입출금",
    "deposit": "deposit 입금 입금하다 예금",
    "withdraw": "withdraw withdrawal 출금 출금하다 인출 인출하다",
    "savings": "saving savings 저축 적금 저금",
    "income": "income earnings salary revenue paycheck wage earn 수입 소득 월급 급여 벌다",
    "card": "card 카드",
    "flashcard": "flashcard 플래시카드 암기카드 단어카드 단어장",
    "deck": "deck 덱",
    "study": "study review practice quiz revise learn memorize drill lesson course 복습 공부 "
             "학습 연습 퀴즈 외우다 암기 배우다 수업 강의",
    "rating": "rating rate star review 평점 리뷰 후기 별점 평가",
    "goal": "goal target objective aim 목표",
    "log": "log record journal diary entry logbook 기록 기록하다 일지 남기다",
    "borrow": "borrow lend rent rental hire loan 빌리다 대여 대여하다 대출 렌트 렌탈 렌트카 "
              "렌터카",
    "renew": "renew extend extension prolong 연장 연장하다 갱신 갱신하다 늘리다",
    "due": "due deadline overdue 기한 마감 연체 반납일",
    "parking": "parking park garage lot 주차 주차장 주차비 주차하다",
    "pet": "pet dog cat puppy kitten animal 반려동물 강아지 고양이 애완동물 동물 반려견 반려묘",
    "vet": "vet veterinarian veterinary 동물병원 수의사",
    "feed": "feed feeding 먹이 사료 먹이다",
    "walk": "walk stroll walking 산책 산책하다 걷다 도보",
    "vehicle": "vehicle suv sedan van truck 차량 자동차 렌트카 렌터카",
    "estimate": "estimate estimation approximate 견적 예상 추정 대략",
    "job": "job career position vacancy posting hiring recruit 채용 공고 일자리 직무 "
           "구인 취업",
    "apply": "apply application applicant submit submission 지원 지원하다 신청 신청하다 제출 "
             "제출하다 지원서 접수 접수하다",
    "resume_cv": "resume cv 이력서 경력",
    "cover_letter": "자기소개서 자소서",
    "interview": "interview 면접 인터뷰",
    "subscribe": "subscribe subscription follow 구독 구독하다 팔로우",
    "unsubscribe": "unsubscribe terminate 구독취소 해지 해지하다 탈퇴하다 그만두다",
    "start": "start begin launch 시작 시작하다",
    "advice": "advice tip tips guide guidance suggestion recommend recommendation 조언 팁 "
              "요령 가이드 추천 비결",
    "invite": "invite invitation invitee rsvp guest 초대 초대장 초대하다 참석 참석하다 불참",
    "share": "share 공유 공유하다",
    "password": "password passcode pin 비밀번호 암호 비번",
    "insurance": "insurance claim 보험 보험금 청구",  # 청구: a claim, as well as a bill
    "sleep": "sleep nap asleep 수면 잠 자다 잠들다 낮잠 깨다",
    "water": "water hydration drink 물 수분 마시다",
    "recharge": "recharge refill reload topup 충전 충전하다 리필",
    "medicine": "medicine medication med meds drug pill tablet dose dosage ibuprofen aspirin "
                "tylenol paracetamol acetaminophen vitamin antibiotic 약 복용 복용하다 알약 진통제 "
                "감기약 영양제 비타민 두통약",
    "delay": "delay delayed late 연착 지연 지연되다",
    # small talk
    "greeting": "hello hi hey greetings 안녕 안녕하다 반갑다",
    "thanks": "thanks thank thx appreciate 감사 감사하다 고맙다 고마워",
    "creative": "poem poetry haiku limerick sonnet joke riddle lyrics 동시 농담 동화 가사 삼행시",
    "deprecated": "deprecated obsolete legacy unsupported discontinued 지원중단 폐기",
    "explain": "explain what why how describe tell teach 설명 설명하다 알려주다 가르치다 뭐",
}

# Two-word phrases (lemmas) that mean one concept.
PHRASES: dict[str, str] = {
    "turn on": "turn_on", "switch on": "turn_on", "turn off": "turn_off",
    "switch off": "turn_off", "look up": "search", "set up": "create", "sign up": "create",
    "change into": "convert", "how much": "price", "what time": "time", "wake up": "alarm",
    "divide by": "divide", "multiply by": "multiply", "right now": "now", "to do": "todo",
    "check off": "done", "pull up": "read", "look at": "read", "cross off": "done",
    "pick up": "ride", "count down": "timer", "put on": "play", "turn up": "volume_level",
    "turn down": "volume_level", "cover letter": "cover_letter", "sign in": "password",
    "drop off": "return", "bring back": "return", "give back": "return", "jot down": "create",
    "write down": "create", "note down": "create",
    # phrasal verbs of the common actions: cancelling, returning, paying, changing a time
    "call off": "delete", "back out": "delete", "drop out": "delete", "get rid": "delete",
    "opt out": "unsubscribe", "hand back": "return", "take back": "return",
    "send back": "return", "top up": "recharge", "pay off": "pay", "pay back": "pay",
    "settle up": "pay", "put off": "update", "push back": "update", "move up": "update",
    "bring forward": "update",
    "hand in": "apply", "turn in": "apply", "fill out": "apply", "pencil in": "create",
    "find out": "search", "look into": "search", "reach out": "send", "write back": "reply",
    "get back": "reply", "call back": "call_phone", "ring up": "call_phone",
    "돌려드리": "return", "없던 걸로": "delete", "그만 다니": "unsubscribe",
    "할 일": "todo", "다 하": "done", "다 되": "done",  # "다 했어", "다 됐어": finished
    "몇 대 몇": "game", "get to": "route", "어떻게 가": "route",
    "가는 방법": "route", "가는 길": "route", "보러 가": "visit", "go see": "visit",
    "make it": "invite", "on time": "delay",
    "direct message": "dm", "private message": "dm",
    "another word": "synonym", "other word": "synonym", "similar word": "synonym",
    "비슷한 말": "synonym", "비슷한 단어": "synonym", "같은 뜻": "synonym",
}

# Concepts that belong to a broader one: a request for a product is arithmetic, a forecast is
# about the weather. A match through a broader concept counts less than a direct one.
BROADER: dict[str, str] = {
    "add": "arithmetic", "subtract": "arithmetic", "multiply": "arithmetic",
    "divide": "arithmetic", "power": "arithmetic", "root": "arithmetic",
    "percent": "arithmetic", "average": "arithmetic", "tip": "percent",
    "length": "unit", "weight": "unit", "volume": "unit", "speed": "unit", "area": "unit",
    "exchange_rate": "currency", "meeting": "calendar", "birthday": "calendar",
    "holiday": "date", "alarm": "timer", "air_quality": "weather", "crypto": "stock",
    "heat": "thermostat", "cool": "thermostat", "leave": "hr", "restaurant": "food",
    "museum": "attraction", "park": "attraction",
    "recipe": "food", "attraction": "place",
    "route": "place", "flight": "trip", "hotel": "trip", "train": "trip", "ride": "route",
    "email": "message", "sms": "message", "call_phone": "contact", "podcast": "music",
    "deposit": "balance", "withdraw": "balance", "income": "balance", "savings": "balance",
    "transaction": "balance",
    "flashcard": "card", "deck": "flashcard", "vet": "pet", "feed": "pet", "walk": "pet",
    "dm": "message", "folder": "file",
    "estimate": "price", "cover_letter": "apply", "resume_cv": "apply", "interview": "job",
    "apply": "job", "parking": "place", "vehicle": "ride", "renew": "borrow", "due": "date",
    "goal": "fitness", "sleep": "health", "water": "health", "medicine": "health",
    "delay": "status", "resize": "image", "invite": "calendar", "track": "shipping",
}

# Concepts that exclude one another: a tool that does one does not do the others. A request that
# asks for one, sent to a tool that says another, is a contradiction ("send" vs "draft").
EXCLUSIVE: tuple[frozenset[str], ...] = (
    frozenset({"add", "subtract", "multiply", "divide", "power", "root"}),
    frozenset({"create", "delete", "update", "read", "list"}),
    frozenset({"send", "draft"}),
    frozenset({"turn_on", "turn_off"}),
    frozenset({"play", "pause"}),
    frozenset({"timer", "remind", "calendar"}),
    frozenset({"email", "message"}),
    frozenset({"convert", "pay"}),
    frozenset({"flight", "hotel", "train", "ride", "restaurant"}),
    frozenset({"subscribe", "unsubscribe"}),
    frozenset({"deposit", "withdraw"}),
)

# Concepts that are actions: a request asks for one only with a verb ("list my tasks"), not with
# a noun ("put it on my list", "the open issues"). In Korean a noun before 하다 is a verb.
ACTIONS = frozenset(
    "create delete update read list send draft turn_on turn_off play pause convert pay "
    "subscribe unsubscribe deposit withdraw reserve order apply renew share log done search "
    "translate define summarize remind start resize explain track".split()
)
# Actions that change something: a question that asks for none of them ("what's on my calendar
# on Friday?") wants to read or look up, not to create, send or book.
CHANGES = frozenset(
    "create delete update send draft pay subscribe unsubscribe deposit withdraw reserve order "
    "apply renew share log done turn_on turn_off play pause".split()
)
# A request that asks why, or for advice, wants knowledge: only a tool that looks knowledge up
# (or says it gives advice) serves it ("why should I stretch?", "tips for a strong password").
KNOWLEDGE_CUES = ("why", "how come", "what makes", "tips", "advice", "왜", "어째서", "팁", "조언",
                  "요령", "비결", "노하우", "difference between", "차이가", "차이점",
                  "때문이야", "때문일까", "때문인가", "이유가 뭐", "이유는 뭐", "원인이 뭐",
                  "원인은 뭐", "what causes", "reason why", "cause of")  # fmt: skip
KNOWLEDGE_CONCEPTS = frozenset(
    "search web news docs define explain advice recipe".split()
)
# Words that make a request a question (besides a question mark).
QUESTION_WORDS = frozenset(
    "what which who whom whose when where how 뭐 뭔 무엇 무슨 언제 어디 누구 몇 얼마 어때 어떤"
    .split()
)

# A clause that opens with its subject and asks nothing tells the user's situation ("I'm back at
# the car", "my flight got cancelled"): it explains a request next to it, it is not one.
SUBJECT_OPENINGS = frozenset(
    "i i'm im we we're my our it it's its the this that there there's he she they he's she's "
    "they're mom dad i'll we'll he'll she'll they'll it'll".split()
)
REQUEST_WORDS = frozenset(
    "need want like please pls can could would will let must should have gotta wanna remind "
    "help looking hoping trying wondering planning love prefer".split()
)  # "I'm looking for a hotel": a wish said as a statement still asks
# Korean statement endings: a past form (뛰었어, 줬고, 바뀌었어) or a noun said to be ("부산이야").
KO_STATEMENT_END = r"(?:이야|야|이에요|예요|이다|입니다|임|이고)"

# Asking to be told to do something ("빨래 꺼내라고 알려줘", "tell me to stretch at 3") is asking
# for a reminder; with a recipient before it ("민지한테 ...라고 알려줘") it is a message instead.
TOLD_TO = (
    r"(?:라고|으라고|하라고|자고|다고)\s*(?:좀\s*)?(?:알려|전해|말해)|\btell me to\b"
    r"|마다\s*(?:좀\s*)?알려"  # "5일마다 알려줘": told again and again is a reminder
)
TOLD_ME = r"(?:라고|으라고|하라고|자고)\s*(?:좀\s*)?알려|\btell me to\b|마다\s*(?:좀\s*)?알려"
RECIPIENT = r"한테|에게|께"
# Telling someone else something ("tell Marco the rent is paid", "let her know I'm late") is
# passing a message on, as "지수한테 늦는다고 알려줘" is; "tell me" asks to be told.
OTHERS = r"(?:him|her|them|everyone|everybody|[A-Z][\w'-]*)"
TOLD_SOMEONE = (
    rf"\b[Tt]ell\s+(?!I\b){OTHERS}\b"
    rf"|\b[Ll]et\s+{OTHERS}(?:\s+[\w'-]+){{0,3}}?\s+know\b"  # "let everyone in the club know"
)
# Asking the model itself to compose something ("write me a haiku", "농담 하나 해줘"): no tool
# that only stores, sends or looks things up is asked for.
CREATIVE_REQUEST = (
    r"\b(?:write|compose|tell|make up|give)\s+(?:me\s+|us\s+)?(?:a|an|another|some|one)?\s*"
    r"(?:\w+\s+){0,2}?(?:poem|haiku|limerick|sonnet|joke|riddle|lyrics|rap)s?\b"
    r"|(?<![가-힣])(?:시|동시|농담|동화|삼행시|가사|수수께끼)\s*(?:하나|한 편|한 곡|좀)?\s*"
    r"(?:써|지어|만들어|들려|해)\s*(?:줘|주세요|줄래|봐)"
)

# Verbs that only fetch: a tool named get_logs or fetch_orders does not log or order; the words
# after the verb are what it fetches.
FETCH_VERBS = frozenset("get fetch retrieve obtain".split())

# Words that say a path is a folder, or a file ("Folder path", "파일 경로").
FOLDER_WORDS = frozenset("folder directory dir 폴더 디렉터리 디렉토리".split())
FILE_WORDS = frozenset("file filename 파일".split())

# The time frame a request asks about: no time word means now (a forecast tool is about later).
TIME_FRAMES = ("future", "now", "past")

# Small words that carry no meaning for choosing a tool (beyond what wordfreq already says).
# English words of the closed classes that are never nouns (prepositions, conjunctions): they
# can be read as a word of the request, but they name no thing it asks about.
FUNCTION_WORDS = frozenset("""
about above across after against along amid among around as at before behind below beneath
beside besides between beyond but by despite down during except for from if in inside into
like near nor of off on onto out outside over per since than though through throughout till to
toward towards under underneath unless unlike until unto up upon via whereas whether while
whilst with within without yet although because
""".split())
STOPWORDS = frozenset("""
a an the is are was were be been am being what whats how in on at for of to me my i you your it
its can could would will shall should please tell give get and or with about like do does
did there this that these those some any from by s t let us we our just also then want need know
which who when why much many very so if as into up out than work kindly pls plz hey ok okay
go going gonna wanna may might must have has had sure quick quickly thing something without
anything everything nothing
하다 되다 있다 없다 이다 주다 좀 뭐 몇 어떻다 알다 알려주다 수 것 거 그 이 저 나 내 제 우리
저희 그리고 또 및 하고 해주다 싶다 보다 주세요 좀요 부탁 부탁하다 요 것들 알리다 어떻다 만하다
""".split())

# English spellings that mean the same word (British -> American): catalogue, summarise, colour.
BRITISH_SPELLINGS: tuple[tuple[str, str], ...] = (
    ("isation", "ization"), ("ise", "ize"), ("ised", "ized"), ("ises", "izes"),
    ("ising", "izing"), ("yse", "yze"), ("logue", "log"), ("our", "or"), ("tre", "ter"),
    ("lled", "led"), ("lling", "ling"), ("ence", "ense"),
)

# Korean words and the English word they mean, for words the concept table does not list: a
# Korean request meets an English description in the same word ("역사" = history). Nouns and
# dictionary forms of verbs; the English side is a lemma.
GLOSSARY_KO_EN: dict[str, str] = {
    # things
    "역사": "history", "과학": "science", "경제": "economy", "정치": "politics",
    "기술": "technology", "문화": "culture", "예술": "art", "교육": "education",
    "잡지": "magazine", "신문": "newspaper", "동영상": "video", "비디오": "video",
    "영상": "video", "가게": "shop", "상점": "shop", "마트": "store", "매장": "store",
    "약국": "pharmacy", "학교": "school", "회사": "company", "대학": "university",
    "계정": "account", "현금": "cash", "포인트": "point", "쿠폰": "coupon", "할인": "discount",
    "세일": "sale", "시험": "exam", "성적": "grade", "숙제": "homework", "과목": "subject",
    "학생": "student", "선생님": "teacher", "체중": "weight", "키": "height",
    "혈압": "blood pressure", "커피": "coffee", "식물": "plant", "꽃": "flower",
    "색": "color", "색깔": "color", "크기": "size", "문장": "sentence", "댓글": "comment",
    "게시물": "post", "게시글": "post", "블로그": "blog", "메뉴": "menu", "충전소": "charger",
    "주유소": "gas station", "세탁": "laundry", "청소": "cleaning", "쓰레기": "trash",
    "분리수거": "recycling", "가계부": "budget", "수입": "income", "월": "month",
    "달": "month", "년": "year", "연도": "year", "주": "week", "좌석": "seat",
    "열람실": "reading room", "회의실": "meeting room", "목욕": "bath", "미용": "grooming",
    "셔플": "shuffle",
    "접종": "vaccination", "출장": "business trip",
    "최신": "latest", "인기": "popular", "추천": "recommendation", "질문": "question",
    "방법": "method", "문제": "problem", "오류": "error", "에러": "error", "로그": "log",
    "서버": "server", "데이터": "data", "백업": "backup", "설치": "install", "버전": "version",
    "회원": "member", "멤버십": "membership", "구독료": "subscription", "요금제": "plan",
    "배터리": "battery", "충전": "recharge", "와이파이": "wifi", "비행": "flight",
    "호수": "lake", "산": "mountain", "바다": "sea", "해변": "beach", "축제": "festival",
    "공연": "concert", "콘서트": "concert", "전시": "exhibition", "경기장": "stadium",
    "선수": "player", "팀": "team", "순위": "ranking", "결과": "result", "점수": "score",
    "재료": "ingredient", "칼로리": "calorie", "단백질": "protein", "영양": "nutrition",
    "약속": "appointment", "진료": "appointment", "치과": "dentist", "증상": "symptom",
    "약": "medicine", "복용": "dose", "알약": "pill", "우편": "mail", "편지": "letter",
    "선물": "gift", "주문서": "order", "장바구니": "cart", "배달": "delivery",
    "번호판": "plate", "차량번호": "plate", "면허": "license", "보험료": "premium",
    "지점": "branch", "영업시간": "hours", "대기": "waitlist", "줄": "queue",
    # home, devices, body, school, work
    "선풍기": "fan", "환풍기": "fan", "공기청정기": "purifier", "세탁기": "washer",
    "건조기": "dryer", "청소기": "vacuum", "로봇청소기": "vacuum", "냉장고": "fridge",
    "텔레비전": "tv", "티비": "tv", "커튼": "curtain", "블라인드": "blind", "스피커": "speaker",
    "카메라": "camera", "초인종": "doorbell", "가습기": "humidifier", "제습기": "dehumidifier",
    "세기": "speed", "강하다": "high", "약하다": "low", "풍량": "speed", "모드": "mode",
    "밝다": "bright", "어둡다": "dark", "침대": "bed", "창문": "window", "차고": "garage",
    "머리": "head", "눈": "eye", "이빨": "tooth", "몸": "body", "기분": "mood", "감정": "mood",
    "학년": "grade", "교실": "classroom", "출석": "attendance",
    "과제": "assignment", "제출물": "submission", "동료": "colleague", "팀장": "manager",
    "상사": "manager", "부서": "department", "출근": "commute", "퇴근": "commute",
    "근무": "shift", "교대": "shift", "급여명세서": "payslip", "연봉": "salary",
    "여권": "passport", "비자": "visa", "환승": "transfer", "수하물": "baggage",
    "빵": "bread", "고기": "meat", "채소": "vegetable", "과일": "fruit", "우유": "milk",
    "계란": "egg", "달걀": "egg", "쌀": "rice", "물병": "bottle", "배송지": "address",
    # actions
    "팔다": "sell", "판매": "sell", "자전거": "bicycle", "내리다": "lower", "늘리다": "increase",
    "줄이다": "decrease", "고르다": "choose", "선택": "choose", "추천하다": "recommend",
    "비교": "compare", "비교하다": "compare", "세다": "count", "재다": "measure",
    "기다리다": "wait", "등급": "grade", "가입": "signup", "가입하다": "signup",
    "탈퇴": "delete", "탈퇴하다": "delete", "충전하다": "recharge", "평가하다": "rate",
    "점검": "inspect", "점검하다": "inspect", "알아보다": "search", "살펴보다": "check",
    "뽑다": "draw", "내다": "pay", "담다": "put", "정하다": "set", "설정": "set",
    "설정하다": "set", "맞추다": "set",
    "바꾸다": "change", "끝나다": "finish", "마치다": "finish", "열다": "open", "닫다": "close",
    "보관": "archive", "보관하다": "archive", "복원": "restore", "복원하다": "restore",
    "수락": "accept", "거절": "decline",
}

# Words that join values or clauses ("Tokyo and Paris", "도쿄와 파리").
CONJUNCTIONS = frozenset("and also plus then as well 그리고 또 또한 및 하고 랑 이랑 와 과".split())

# Arithmetic said in words: the operator each word stands for (a language fact, both languages).
OPERATORS: dict[str, str] = {
    "plus": "+", "add": "+", "added": "+", "+": "+", "더하기": "+", "더하다": "+",
    "minus": "-", "subtract": "-", "less": "-", "-": "-", "빼기": "-", "빼다": "-",
    "times": "*", "multiplied": "*", "multiply": "*", "x": "*", "×": "*", "*": "*",
    "곱하기": "*", "곱하다": "*",
    "divided": "/", "divide": "/", "over": "/", "/": "/", "÷": "/", "나누기": "/", "나누다": "/",
    "between": "/", "among": "/",  # "split 187,000 won between 4 people"
}

# What a parameter holds, from the words of its name (first) and description. Order matters:
# the first type whose cue is found wins.
TYPE_CUES: tuple[tuple[str, str], ...] = (
    ("email", "email e-mail mail cc bcc 이메일 메일"),
    ("phone", "phone mobile cell telephone sms 전화 전화번호 휴대폰"),
    ("url", "url link website uri href endpoint 링크 주소url"),
    ("path", "path file filename filepath directory folder 경로 파일"),
    ("datetime", "datetime timestamp when start_time end_time deadline due 일시"),
    ("date", "date day birthday 날짜 일자"),
    ("time", "time hour clock 시각 시간"),
    ("duration", "duration minutes seconds hours mins secs days weeks nights months years timeout "
                 "분 초 기간 일수 박"),
    ("currency", "currency iso4217 from_currency to_currency base target_currency 통화 화폐"),
    ("money", "amount price cost total sum budget money 금액 가격 돈"),
    ("count", "count quantity qty copies people guests party size seats passengers limit top k "
              "max results adults children rooms 인원 수 개수 명"),
    ("language", "language lang locale 언어"),
    ("channel", "channel room 채널"),
    ("handle", "handle username user_id 아이디 사용자명"),
    ("unit", "unit units uom 단위"),
    ("code", "ticker symbol iata airport code sku zipcode postcode 종목 코드 공항 우편번호"),
    ("identifier", "id identifier number no tracking invoice_number order_id ref reference repo "
                   "repository 번호 운송장"),
    ("expression", "expression formula equation calculation 수식 식"),
    ("place", "city place location destination origin address country region town where "
              "from to near area airport pickup dropoff stop venue port harbor harbour terminal "
              "도시 장소 위치 목적지 출발지 항구 터미널 "
              "주소 나라 지역 출발 도착"),
    ("person", "person recipient contact name attendee assignee who employee user friend "
               "to customer invitee participant tutor teacher student patient member client "
               "doctor owner 이름 수신자 받는 사람 담당자 연락처 사람 학생 선생님 환자 회원 고객"),
    ("title", "title subject name label heading event 제목 이름 일정명"),
    ("body", "message body text content note reminder task item description comment what "
             "memo reason why 메시지 내용 본문 메모 할일 이유 사유"),
    ("query", "query search keyword term word q topic question prompt 검색어 질문 주제 키워드 "
              "단어"),
)

# Words that say which end of a pair a parameter is ("from" and "to" places or currencies).
SOURCE_WORDS = frozenset("from source origin base departure start sell pickup checkin since "
                         "begin depart 출발 출발지 원래 시작".split())
TARGET_WORDS = frozenset("to target destination dest arrival end into buy quote dropoff checkout "
                         "until return 도착 목적지 대상 종료 끝".split())
# Companies people name instead of their ticker (a real model knows these), English and Korean.
TICKERS: dict[str, str] = {
    "apple": "AAPL", "애플": "AAPL", "tesla": "TSLA", "테슬라": "TSLA", "microsoft": "MSFT",
    "마이크로소프트": "MSFT", "google": "GOOGL", "alphabet": "GOOGL", "구글": "GOOGL",
    "amazon": "AMZN", "아마존": "AMZN", "nvidia": "NVDA", "엔비디아": "NVDA", "meta": "META",
    "메타": "META", "netflix": "NFLX", "넷플릭스": "NFLX", "intel": "INTC", "인텔": "INTC",
    "amd": "AMD", "samsung": "005930.KS", "samsung electronics": "005930.KS",
    "삼성전자": "005930.KS", "삼성": "005930.KS", "sk hynix": "000660.KS",
    "sk하이닉스": "000660.KS",
    "하이닉스": "000660.KS", "naver": "035420.KS", "네이버": "035420.KS", "kakao": "035720.KS",
    "카카오": "035720.KS", "hyundai": "005380.KS", "현대차": "005380.KS",
    "coca-cola": "KO", "coca cola": "KO", "disney": "DIS", "ibm": "IBM", "oracle": "ORCL",
    "toyota": "TM", "sony": "SONY", "소니": "SONY", "boeing": "BA", "uber": "UBER",
}

# The main airport of major cities (IATA codes), by the place's English name: a place parameter
# that only takes a three-letter code gets the code a traveller means (a real model knows these).
AIRPORTS: dict[str, str] = {
    "Seoul": "ICN", "Incheon": "ICN", "Gimpo": "GMP", "Busan": "PUS", "Jeju": "CJU",
    "Daegu": "TAE", "Gwangju": "KWJ", "Cheongju": "CJJ", "Yeosu": "RSU", "Ulsan": "USN",
    "Tokyo": "NRT", "Narita": "NRT", "Haneda": "HND", "Osaka": "KIX", "Fukuoka": "FUK",
    "Sapporo": "CTS", "Nagoya": "NGO", "Okinawa": "OKA", "Beijing": "PEK", "Shanghai": "PVG",
    "Hong Kong": "HKG", "Taipei": "TPE", "Singapore": "SIN", "Bangkok": "BKK", "Hanoi": "HAN",
    "Da Nang": "DAD", "Ho Chi Minh City": "SGN", "Manila": "MNL", "Guam": "GUM",
    "Dubai": "DXB", "Istanbul": "IST", "London": "LHR", "Paris": "CDG", "Frankfurt": "FRA",
    "Amsterdam": "AMS", "Rome": "FCO", "Madrid": "MAD", "Barcelona": "BCN",
    "New York": "JFK", "Los Angeles": "LAX", "San Francisco": "SFO", "Chicago": "ORD",
    "Seattle": "SEA", "Vancouver": "YVR", "Toronto": "YYZ", "Sydney": "SYD",
}  # fmt: skip

# What a parameter is called in a Korean clarifying question, by its semantic type.
KOREAN_NOUNS: dict[str, str] = {
    "place": "도시", "email": "이메일 주소", "phone": "전화번호", "url": "주소(URL)",
    "path": "파일 경로", "date": "날짜", "time": "시각", "datetime": "날짜와 시각",
    "duration": "시간", "currency": "통화", "money": "금액", "count": "수",
    "number": "숫자", "language": "언어", "channel": "채널", "handle": "사용자",
    "code": "코드", "expression": "수식", "person": "받는 사람", "title": "제목",
    "body": "내용", "query": "검색어", "text": "내용",
}

# English words said in Korean in answers: weather conditions and common field names.
KOREAN_WORDS: dict[str, str] = {
    "weather": "날씨", "sunny": "맑음", "clear": "맑음", "cloudy": "흐림", "rain": "비",
    "rainy": "비", "snow": "눈", "fog": "안개", "foggy": "안개", "storm": "폭풍",
    "drizzle": "이슬비", "windy": "바람", "temperature": "기온", "humidity": "습도",
    "forecast": "예보", "time": "시간", "local": "현지", "date": "날짜", "place": "장소",
    "city": "도시", "museum": "박물관", "park": "공원", "food": "음식", "price": "가격",
    "amount": "금액", "result": "결과", "results": "결과", "item": "항목", "items": "항목",
    "distance": "거리", "condition": "상태", "category": "종류", "title": "제목",
    "count": "개수", "news": "뉴스", "total": "합계", "rate": "환율", "status": "상태",
    "currency": "통화", "country": "나라", "name": "이름", "email": "이메일",
}
# fmt: on
